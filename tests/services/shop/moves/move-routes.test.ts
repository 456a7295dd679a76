/**
 * The pick screens' routes: staff only (the counter's logins and tokens), a move answered
 * with the order and the move, a lost race with 409 saying who moved it and when, a skipped
 * state refused, a cancel without a reason refused; the open orders with the newest move's
 * id and the shop's settings; and the change feed streaming each move with its order, from
 * where the page says it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, pickChangeSchema } from '../../../../shared/fleet/order-flow';
import { issueToken } from '../../../../services/shop/staff/tokens';
import { orderFrom, placeOrder, readStream, sendMove } from '../support/orders';
import {
  addLogin,
  loginCookie,
  makeWorld,
  openShop,
  type TestKiosk,
  type TestShop,
} from '../support/shop-world';

const world = makeWorld(1);
const kiosk = world.kiosks[0] as TestKiosk;
let shop: TestShop;
let sam = '';
let ali = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'sam', 'counter', 'Sam');
  await addLogin(shop.services, 'ali', 'counter', 'Ali');
  sam = await loginCookie(shop.app, 'sam');
  ali = await loginCookie(shop.app, 'ali');
}, 120_000);
afterAll(() => shop.close());

describe('POST /orders/:kiosk/:receipt/moves', () => {
  it('moves an order a step, and tells the one who lost the race who moved it and when', async () => {
    const order = orderFrom(kiosk, { collectionNumber: 'M 8' });
    await placeOrder(shop.app, kiosk, order);
    const [first, second] = await Promise.all([
      sendMove(shop.app, sam, order, 'take', 'new'),
      sendMove(shop.app, ali, order, 'take', 'new'),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = first.status === 200 ? [first, second] : [second, first];
    const winner = (await won.json()) as { order: unknown; move: { by: string; at: number } };
    expect(winner.order).toMatchObject({ state: 'picking', collectionNumber: 'M 8' });
    expect(winner.order).not.toHaveProperty('serial');
    const loser = (await lost.json()) as Record<string, unknown>;
    expect(loser).toMatchObject({
      error: 'moved',
      order: { state: 'picking' },
      last: { by: winner.move.by, at: winner.move.at, to: 'picking' },
    });
    expect(loser.message).toContain(`${winner.move.by} moved it to Picking at`);
  });

  it('refuses a skipped state, a cancel without a reason, an unknown order, and strangers', async () => {
    const order = orderFrom(kiosk);
    await placeOrder(shop.app, kiosk, order);
    const skip = await sendMove(shop.app, sam, order, 'hand-over', 'new');
    expect(skip.status).toBe(422);
    expect(await skip.json()).toMatchObject({ error: 'not-allowed' });
    expect((await sendMove(shop.app, sam, order, 'cancel', 'new')).status).toBe(400);
    expect((await sendMove(shop.app, sam, order, 'cancel', 'new', '\u0007')).status).toBe(400);
    const cancelled = await sendMove(shop.app, sam, order, 'cancel', 'new', 'Shopper left');
    expect(await cancelled.json()).toMatchObject({
      order: { state: 'cancelled', cancelReason: 'Shopper left' },
    });
    const missing = { kioskId: kiosk.id, receiptId: 'Receipt-1-1' };
    expect((await sendMove(shop.app, sam, missing, 'take', 'new')).status).toBe(404);
    expect((await sendMove(shop.app, '', order, 'recall', 'cancelled')).status).toBe(401);
    const bad = { kioskId: 'Kiosk 1', receiptId: order.receiptId };
    expect((await sendMove(shop.app, sam, bad, 'take', 'new')).status).toBe(400);
    const history = await shop.app.request(`/orders/${kiosk.id}/${order.receiptId}/moves`, {
      headers: { cookie: sam },
    });
    expect(
      ((await history.json()) as { moves: { kind: string }[] }).moves.map((m) => m.kind),
    ).toEqual(['arrived', 'cancel']);
  });

  it('takes an operator-issued token, as the counter does', async () => {
    const order = orderFrom(kiosk);
    await placeOrder(shop.app, kiosk, order);
    const { token } = await issueToken(
      shop.services.db,
      { name: 'Stockroom screen', role: 'counter', expiresAt: null },
      Date.now(),
    );
    const response = await shop.app.request(`/orders/${kiosk.id}/${order.receiptId}/moves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'take', from: 'new' }),
    });
    expect(await response.json()).toMatchObject({ move: { by: 'Stockroom screen' } });
  });
});

describe('GET /orders/open and /orders/changes', () => {
  it('gives the open orders, the newest move and the settings; then streams each move', async () => {
    const open = await shop.app.request('/orders/open', { headers: { cookie: sam } });
    const snapshot = (await open.json()) as {
      orders: { receiptId: string; state: string }[];
      lastMoveId: number;
      settings: unknown;
    };
    expect(snapshot.settings).toEqual(DEFAULT_SHOP_SETTINGS);
    expect(snapshot.lastMoveId).toBeGreaterThan(0);
    expect((await shop.app.request('/orders/open')).status).toBe(401);
    expect((await shop.app.request('/orders/changes')).status).toBe(401);

    const feed = await shop.app.request(`/orders/changes?after=${snapshot.lastMoveId}`, {
      headers: { cookie: ali },
    });
    expect(feed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const order = orderFrom(kiosk, { collectionNumber: 'W 3' });
    const reading = readStream(feed, (events) => events.length >= 3);
    await placeOrder(shop.app, kiosk, order);
    await sendMove(shop.app, sam, order, 'take', 'new');
    const { events } = await reading;
    expect(events[0]).toMatchObject({ event: 'open' });
    const changes = events.slice(1).map((event) => ({
      id: Number(event.id),
      change: pickChangeSchema.parse(JSON.parse(event.data)),
    }));
    expect(changes.map(({ change }) => [change.move.kind, change.move.to])).toEqual([
      ['arrived', 'new'],
      ['move', 'picking'],
    ]);
    expect(changes[0]?.id).toBeGreaterThan(snapshot.lastMoveId);
    expect(changes[1]?.change.order).toMatchObject({ collectionNumber: 'W 3', state: 'picking' });

    // A browser reconnecting says where it was with Last-Event-ID.
    const again = await shop.app.request('/orders/changes', {
      headers: { cookie: ali, 'last-event-id': String(changes[0]?.id) },
    });
    const resumed = await readStream(again, (events) => events.length >= 2);
    expect(resumed.events[1]).toMatchObject({ id: String(changes[1]?.id) });
    const wrong = await shop.app.request('/orders/changes?after=x', { headers: { cookie: ali } });
    expect(wrong.status).toBe(400);
  });
});
