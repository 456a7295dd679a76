/**
 * Moves of orders as transactions, on PGlite and on a real PostgreSQL 15: one step at a
 * time, a cancel and a recall, a counter's handover moving the order too; of several staff
 * moving one order at once exactly one wins and the others are told who; every move kept,
 * and kept for good; and moves committed in id order, so a screen reading by increasing id
 * while many are made at once misses none.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabasePlace } from '../../../../services/shop/db/database';
import { claimHandover } from '../../../../services/shop/handovers/handover-store';
import { lastMoveId, movesOf } from '../../../../services/shop/moves/move-records';
import { changesAfter } from '../../../../services/shop/moves/open-orders';
import {
  moveOrder,
  moveToUndo,
  type MoveRequest,
} from '../../../../services/shop/moves/order-moves';
import { orderOf } from '../../../../services/shop/orders/order-store';
import { counterClaim, orderFrom, placeOrder } from '../support/orders';
import { postgresUnavailable, startPostgres, type Postgres } from '../support/postgres';
import { makeWorld, openShop, type TestKiosk, type TestShop } from '../support/shop-world';

const world = makeWorld(1);
const kiosk = world.kiosks[0] as TestKiosk;
const noPostgres = postgresUnavailable();
let postgres: Postgres | null = null;

afterAll(() => postgres?.stop(), 60_000);

const sam = { id: 'staff:sam', name: 'Sam' };
const ali = { id: 'staff:ali', name: 'Ali' };

function request(
  order: { kioskId: string; receiptId: string },
  action: MoveRequest['action'],
  from: MoveRequest['from'],
  by = sam,
  reason?: string,
): MoveRequest {
  return { ...order, action, from, by, ...(reason === undefined ? {} : { reason }) };
}

const engines: [string, () => Promise<DatabasePlace>][] = [
  ['PGlite', () => Promise.resolve({ engine: 'pglite', dataDir: null })],
];
if (noPostgres === null) {
  engines.push([
    'PostgreSQL',
    async () => {
      postgres ??= await startPostgres();
      return {
        engine: 'postgresql',
        url: await postgres.createDatabase(`moves_${Date.now()}`),
        connections: 12,
      };
    },
  ]);
}

describe.each(engines)('order moves on %s', (_engine, placeOf) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openShop(world, await placeOf());
  }, 120_000);
  afterAll(() => shop.close());

  const newOrder = async () => {
    const order = orderFrom(kiosk, { collectionNumber: 'C 5' });
    await placeOrder(shop.app, kiosk, order);
    return order;
  };

  it('steps New → Picking → Ready → Handed over, one at a time, each kept with who and when', async () => {
    const { db } = shop.services;
    const order = await newOrder();
    const skip = await moveOrder(db, request(order, 'ready', 'new'), 1000);
    expect(skip).toMatchObject({ kind: 'refused' });
    expect(await moveOrder(db, request(order, 'take', 'new'), 1001)).toMatchObject({
      kind: 'moved',
      order: { state: 'picking', stateAt: 1001 },
      move: { kind: 'move', from: 'new', to: 'picking', by: 'Sam', at: 1001 },
    });
    expect(await moveOrder(db, request(order, 'ready', 'picking', ali), 1002)).toMatchObject({
      kind: 'moved',
      order: { state: 'ready' },
    });
    expect(await moveOrder(db, request(order, 'hand-over', 'ready'), 1003)).toMatchObject({
      kind: 'moved',
      order: { state: 'handed-over' },
    });
    const moves = await movesOf(db, order.kioskId, order.receiptId);
    expect(moves.map((move) => [move.kind, move.from, move.to, move.by])).toEqual([
      ['arrived', null, 'new', kiosk.id],
      ['move', 'new', 'picking', 'Sam'],
      ['move', 'picking', 'ready', 'Ali'],
      ['move', 'ready', 'handed-over', 'Sam'],
    ]);
    await expect(
      sql`update order_moves set by_name = 'Mallory' where receipt_id = ${order.receiptId}`.execute(
        db,
      ),
    ).rejects.toThrow(/not allowed/);
    await expect(
      sql`delete from order_moves where receipt_id = ${order.receiptId}`.execute(db),
    ).rejects.toThrow(/not allowed/);
  });

  it('cancels with a reason, recalls the last move and then the one before, and no further', async () => {
    const { db } = shop.services;
    const order = await newOrder();
    await moveOrder(db, request(order, 'take', 'new'), 2000);
    const cancelled = await moveOrder(
      db,
      request(order, 'cancel', 'picking', sam, 'Out of stock'),
      2001,
    );
    expect(cancelled).toMatchObject({
      kind: 'moved',
      order: { state: 'cancelled', cancelReason: 'Out of stock' },
      move: { kind: 'cancel', reason: 'Out of stock' },
    });
    expect(
      await moveOrder(db, request(order, 'cancel', 'cancelled', sam, 'x'), 2002),
    ).toMatchObject({ kind: 'refused' });
    expect(await moveOrder(db, request(order, 'recall', 'cancelled'), 2003)).toMatchObject({
      kind: 'moved',
      order: { state: 'picking', cancelReason: null },
      move: { kind: 'recall', from: 'cancelled', to: 'picking' },
    });
    expect(await moveOrder(db, request(order, 'recall', 'picking'), 2004)).toMatchObject({
      kind: 'moved',
      order: { state: 'new' },
    });
    expect(await moveOrder(db, request(order, 'recall', 'new'), 2005)).toMatchObject({
      kind: 'refused',
    });
    // A recall of a state the screen no longer shows is someone else's move.
    await moveOrder(db, request(order, 'take', 'new', ali), 2006);
    expect(await moveOrder(db, request(order, 'recall', 'ready'), 2007)).toMatchObject({
      kind: 'conflict',
      last: { by: 'Ali', to: 'picking' },
    });
  });

  it('lets one of several staff moving the same order at once win, and tells the others who', async () => {
    const { db } = shop.services;
    const order = await newOrder();
    const names = ['Sam', 'Ali', 'Kim', 'Lee', 'Max', 'Noa'];
    const outcomes = await Promise.all(
      names.map((name) =>
        moveOrder(db, request(order, 'take', 'new', { id: `staff:${name}`, name }), 3000),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.kind === 'moved');
    expect(won).toHaveLength(1);
    const winner = won[0]?.kind === 'moved' ? won[0].move.by : '';
    for (const outcome of outcomes.filter((one) => one.kind !== 'moved')) {
      expect(outcome).toMatchObject({
        kind: 'conflict',
        order: { state: 'picking' },
        last: { by: winner, at: 3000, to: 'picking' },
      });
    }
    expect(await movesOf(db, order.kioskId, order.receiptId)).toHaveLength(2);
  });

  it('moves the order to Handed over with the counter’s handover, which is never recalled', async () => {
    const { db } = shop.services;
    const order = await newOrder();
    await moveOrder(db, request(order, 'take', 'new'), 4000);
    const claimed = await claimHandover(db, counterClaim(kiosk, order, 2, 4001), 4001);
    expect(claimed.kind).toBe('won');
    expect(await orderOf(db, order.kioskId, order.receiptId)).toMatchObject({
      state: 'handed-over',
    });
    expect((await movesOf(db, order.kioskId, order.receiptId)).at(-1)).toMatchObject({
      kind: 'handover',
      from: 'picking',
      to: 'handed-over',
      by: 'Counter 2',
    });
    expect(await moveOrder(db, request(order, 'recall', 'handed-over'), 4002)).toMatchObject({
      kind: 'refused',
    });
  });

  it('moves an order that arrives after its receipt was handed over straight to Handed over', async () => {
    const { db } = shop.services;
    // The kiosk was offline: the shopper reached the counter before the order reached the service.
    const order = orderFrom(kiosk, { collectionNumber: 'C 6' });
    const claimed = await claimHandover(db, counterClaim(kiosk, order, 3, 5000), 5000);
    expect(claimed.kind).toBe('won');
    expect(await orderOf(db, order.kioskId, order.receiptId)).toBeNull();
    await placeOrder(shop.app, kiosk, order);
    expect(await orderOf(db, order.kioskId, order.receiptId)).toMatchObject({
      state: 'handed-over',
    });
    const moves = await movesOf(db, order.kioskId, order.receiptId);
    expect(moves.map((move) => [move.kind, move.from, move.to, move.by])).toEqual([
      ['arrived', null, 'new', order.kioskId],
      ['handover', 'new', 'handed-over', 'Counter 3'],
    ]);
  });

  it('commits moves in id order: a reader following ids while many are made at once misses none', async () => {
    const { db } = shop.services;
    const orders = await Promise.all(Array.from({ length: 12 }, () => newOrder()));
    let after = await lastMoveId(db);
    const start = after;
    const seen: number[] = [];
    const writers = { moving: true };
    const reader = (async () => {
      while (writers.moving || seen.length < 24) {
        const changes = await changesAfter(db, after);
        for (const change of changes) seen.push(change.move.id);
        after = changes.at(-1)?.move.id ?? after;
        if (!writers.moving && changes.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all(
      orders.map(async (order) => {
        await moveOrder(db, request(order, 'take', 'new'), 5000);
        await moveOrder(db, request(order, 'ready', 'picking'), 5001);
      }),
    );
    writers.moving = false;
    await reader;
    const all = (await changesAfter(db, start)).map((change) => change.move.id);
    expect(seen).toEqual(all);
    expect(all).toHaveLength(24);
  }, 60_000);
});

describe('what a recall undoes', () => {
  const move = (id: number, kind: 'arrived' | 'move' | 'cancel' | 'recall' | 'handover') => ({
    id,
    kioskId: 'kiosk-01',
    receiptId: 'Receipt-1-1',
    kind,
    from: null,
    to: 'new' as const,
    by: 'Sam',
    at: id,
    reason: null,
  });

  it('is the newest step not undone, never the arrival', () => {
    expect(moveToUndo([move(1, 'arrived')])).toBeNull();
    expect(moveToUndo([move(1, 'arrived'), move(2, 'move'), move(3, 'move')])?.id).toBe(3);
    expect(
      moveToUndo([move(1, 'arrived'), move(2, 'move'), move(3, 'cancel'), move(4, 'recall')])?.id,
    ).toBe(2);
    expect(
      moveToUndo([move(1, 'arrived'), move(2, 'move'), move(3, 'recall'), move(4, 'move')])?.id,
    ).toBe(4);
  });
});
