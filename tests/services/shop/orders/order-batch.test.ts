/**
 * Orders kept together, on PGlite and a real PostgreSQL 15: each told what it would have
 * been told alone. A new order is kept with its arrival as its first move; the same order
 * sent twice in one batch is kept once and the second told it is a repeat; another order
 * under a receipt already kept is told which order is kept. An order whose receipt was
 * handed over before it came is moved to Handed over with its arrival.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopOrder } from '../../../../shared/fleet/orders/shop-order';
import type { DatabasePlace } from '../../../../services/shop/db/database';
import { claimHandover } from '../../../../services/shop/handovers/handover-store';
import { movesOf } from '../../../../services/shop/moves/move-records';
import { orderOf } from '../../../../services/shop/orders/order-store';
import { saveOrders } from '../../../../services/shop/orders/order-batch';
import { counterClaim, orderFrom, orderRequest, placeOrder } from '../support/orders';
import { postgresUnavailable, startPostgres, type Postgres } from '../support/postgres';
import { makeWorld, openShop, type TestKiosk, type TestShop } from '../support/shop-world';

const world = makeWorld(1);
const kiosk = world.kiosks[0] as TestKiosk;
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
      return { engine: 'postgresql', url: await postgres.createDatabase(`orders_${Date.now()}`) };
    },
  ]);
}

const request = (order: ShopOrder, now: number) => orderRequest(kiosk, order, now);

describe.each(engines)('orders kept together on %s', (_engine, placeOf) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openShop(world, await placeOf());
  }, 120_000);
  afterAll(() => shop.close());

  it('tells each order of a batch what it would have been told alone', async () => {
    const { db } = shop.services;
    const kept = orderFrom(kiosk);
    await placeOrder(shop.app, kiosk, kept);
    const fresh = orderFrom(kiosk, { collectionNumber: 'C 7' });
    const other = orderFrom(kiosk);
    const outcomes = await saveOrders(db, [
      request(fresh, 7000),
      request({ ...kept, totalCents: 1 }, 7001),
      request(other, 7002),
      request(fresh, 7003),
      request(kept, 7004),
    ]);
    expect(outcomes).toMatchObject([
      {
        kind: 'added',
        order: {
          receiptId: fresh.receiptId,
          collectionNumber: 'C 7',
          receivedAt: 7000,
          state: 'new',
        },
      },
      { kind: 'different', order: { receiptId: kept.receiptId, totalCents: kept.totalCents } },
      { kind: 'added', order: { receiptId: other.receiptId, lines: other.lines } },
      { kind: 'repeat', order: { receiptId: fresh.receiptId, receivedAt: 7000 } },
      { kind: 'repeat', order: { receiptId: kept.receiptId } },
    ]);
    const moves = await movesOf(db, kiosk.id, fresh.receiptId);
    expect(moves.map((move) => [move.kind, move.from, move.to, move.by, move.at])).toEqual([
      ['arrived', null, 'new', kiosk.id, 7000],
    ]);
  });

  it('moves the orders of receipts handed over before they came to Handed over, by that counter', async () => {
    const { db } = shop.services;
    const collected = orderFrom(kiosk);
    const waiting = orderFrom(kiosk);
    const claimed = await claimHandover(db, counterClaim(kiosk, collected, 4, 8000), 8000);
    expect(claimed.kind).toBe('won');
    await saveOrders(db, [request(waiting, 8100), request(collected, 8101)]);
    expect(await orderOf(db, kiosk.id, waiting.receiptId)).toMatchObject({ state: 'new' });
    expect(await orderOf(db, kiosk.id, collected.receiptId)).toMatchObject({
      state: 'handed-over',
    });
    const moves = await movesOf(db, kiosk.id, collected.receiptId);
    expect(moves.map((move) => [move.kind, move.from, move.to, move.by, move.at])).toEqual([
      ['arrived', null, 'new', kiosk.id, 8101],
      ['handover', 'new', 'handed-over', 'Counter 4', 8101],
    ]);
  });
});
