/**
 * Claims decided together, on PGlite and a real PostgreSQL 15: each told what it would have
 * been told alone. Of two claims of one receipt in a batch the first wins and the second is
 * told who won; a repeat of the same handover in the batch is a repeat; a claim against a
 * receipt handed over before loses; a revoked signer and a reused handover id are refused;
 * the order of a receipt handed over is moved in the same transaction. Batches running at
 * once (another replica's, an order's arrival) never miss each other: a claim that loses to
 * a handover committed while it waited is told who won, and an order arriving as its receipt
 * is handed over ends Handed over whichever commits first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabasePlace } from '../../../../services/shop/db/database';
import { claimHandovers, type ClaimRequest } from '../../../../services/shop/handovers/claim-batch';
import { claimHandover } from '../../../../services/shop/handovers/handover-store';
import { movesOf } from '../../../../services/shop/moves/move-records';
import { saveOrders } from '../../../../services/shop/orders/order-batch';
import { orderOf } from '../../../../services/shop/orders/order-store';
import { saveRevocation } from '../../../../services/shop/revocations/revocation-store';
import { orderFrom, orderRequest, placeOrder } from '../support/orders';
import { postgresUnavailable, startPostgres, type Postgres } from '../support/postgres';
import {
  makeWorld,
  newHandoverId,
  newReceiptId,
  openShop,
  revocationOf,
  type TestKiosk,
  type TestShop,
} from '../support/shop-world';

const world = makeWorld(2);
const [kiosk, revoked] = world.kiosks as [TestKiosk, TestKiosk];
const noPostgres = postgresUnavailable();
let postgres: Postgres | null = null;
afterAll(() => postgres?.stop(), 60_000);

const engines: [string, () => Promise<DatabasePlace>][] = [
  ['PGlite', () => Promise.resolve({ engine: 'pglite', dataDir: null })],
];
if (noPostgres === null) {
  engines.push([
    'PostgreSQL',
    async () => {
      postgres ??= await startPostgres();
      return { engine: 'postgresql', url: await postgres.createDatabase(`claims_${Date.now()}`) };
    },
  ]);
}

function claim(
  of: TestKiosk,
  receiptId: string,
  counter: string,
  at: number,
  handoverId = newHandoverId(),
): ClaimRequest {
  return {
    input: {
      kioskId: of.id,
      receiptId,
      handoverId,
      counter,
      recordedBy: `staff:${counter}`,
      at,
      serials: [of.serial],
    },
    now: at,
  };
}

describe.each(engines)('claims decided together on %s', (_engine, placeOf) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openShop(world, await placeOf());
    await saveRevocation(shop.services.db, await revocationOf(world, revoked), Date.now());
  }, 120_000);
  afterAll(() => shop.close());

  it('tells each claim of a batch what it would have been told alone', async () => {
    const { db } = shop.services;
    const [contested, repeated, before, refused, fresh] = Array.from({ length: 5 }, newReceiptId);
    const earlier = claim(kiosk, before!, 'Counter 9', 900);
    expect(await claimHandover(db, earlier.input, earlier.now)).toMatchObject({ kind: 'won' });
    const again = newHandoverId();
    const taken = newHandoverId();
    const outcomes = await claimHandovers(db, [
      claim(kiosk, contested!, 'Counter 2', 1000),
      claim(kiosk, repeated!, 'Counter 3', 1001, again),
      claim(kiosk, contested!, 'Counter 1', 1002),
      claim(kiosk, repeated!, 'Counter 3', 1003, again),
      claim(kiosk, before!, 'Counter 4', 1004),
      claim(revoked, refused!, 'Counter 5', 1005),
      claim(kiosk, fresh!, 'Counter 6', 1006, taken),
      claim(kiosk, newReceiptId(), 'Counter 7', 1007, taken),
    ]);
    expect(outcomes).toMatchObject([
      { kind: 'won', repeat: false, handover: { receiptId: contested, counter: 'Counter 2' } },
      { kind: 'won', repeat: false, handover: { receiptId: repeated, at: 1001 } },
      { kind: 'lost', handover: { receiptId: contested, counter: 'Counter 2', at: 1000 } },
      { kind: 'won', repeat: true, handover: { receiptId: repeated, at: 1001 } },
      { kind: 'lost', handover: { receiptId: before, counter: 'Counter 9', at: 900 } },
      { kind: 'revoked', revoked: { serial: revoked.serial } },
      { kind: 'won', repeat: false, handover: { receiptId: fresh } },
      { kind: 'id-taken' },
    ]);
  });

  it('moves the orders of the receipts it hands over, in the same transaction', async () => {
    const { db } = shop.services;
    const order = orderFrom(kiosk);
    await placeOrder(shop.app, kiosk, order);
    const [outcome] = await claimHandovers(db, [claim(kiosk, order.receiptId, 'Counter 2', 5000)]);
    expect(outcome).toMatchObject({ kind: 'won' });
    expect(await orderOf(db, kiosk.id, order.receiptId)).toMatchObject({
      state: 'handed-over',
      stateAt: 5000,
    });
    const moves = await movesOf(db, kiosk.id, order.receiptId);
    expect(moves.map((move) => [move.kind, move.from, move.to, move.by, move.at])).toEqual([
      ['arrived', null, 'new', kiosk.id, expect.any(Number)],
      ['handover', 'new', 'handed-over', 'Counter 2', 5000],
    ]);
  });

  it('tells a claim that lost to another batch at the same moment who won', async () => {
    const { db } = shop.services;
    for (let round = 0; round < 10; round += 1) {
      const receiptId = newReceiptId();
      const outcomes = (
        await Promise.all([
          claimHandovers(db, [claim(kiosk, receiptId, 'Counter 1', 7000)]),
          claimHandovers(db, [claim(kiosk, receiptId, 'Counter 2', 7001)]),
        ])
      ).flat();
      const winner = outcomes.find((outcome) => outcome.kind === 'won');
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['lost', 'won']);
      expect(outcomes.find((outcome) => outcome.kind === 'lost')).toMatchObject({
        handover: { receiptId, counter: winner?.kind === 'won' ? winner.handover.counter : '' },
      });
    }
  });

  it('never misses an order arriving as its receipt is handed over', async () => {
    const { db } = shop.services;
    const orders = Array.from({ length: 80 }, () => orderFrom(kiosk));
    await Promise.all(
      orders.flatMap((order, index) => [
        saveOrders(db, [orderRequest(kiosk, order)]),
        claimHandovers(db, [claim(kiosk, order.receiptId, 'Counter 3', 8000 + index)]),
      ]),
    );
    for (const order of orders) {
      expect(await orderOf(db, kiosk.id, order.receiptId)).toMatchObject({
        state: 'handed-over',
      });
      const moves = await movesOf(db, kiosk.id, order.receiptId);
      expect(moves.map((move) => move.kind)).toEqual(['arrived', 'handover']);
    }
  });
});
