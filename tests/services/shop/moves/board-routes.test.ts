/**
 * The ready board's routes need no login and tell only numbers, states and times: never a
 * kiosk, a receipt, a line or a price. Orders without a number are not on it; a ready number
 * leaves after the shop's time, a handed-over one at once; the stream follows the moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardChangeSchema, boardSnapshotSchema } from '../../../../shared/fleet/order-flow';
import { changeSettings } from '../../../../services/shop/settings/shop-settings';
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
let clock = Date.now();
let sam = '';

beforeAll(async () => {
  shop = await openShop(world, { engine: 'pglite', dataDir: null }, () => clock);
  await addLogin(shop.services, 'sam', 'counter', 'Sam');
  sam = await loginCookie(shop.app, 'sam');
}, 120_000);
afterAll(() => shop.close());

const snapshot = async () =>
  boardSnapshotSchema.parse(await (await shop.app.request('/board/snapshot')).json());

describe('the board', () => {
  it('shows numbers by state, nothing about the shopper, and lets ready ones go in time', async () => {
    const preparing = orderFrom(kiosk, { collectionNumber: 'C 1' });
    const ready = orderFrom(kiosk, { collectionNumber: 'C 2' });
    const gone = orderFrom(kiosk, { collectionNumber: 'C 3' });
    const unnumbered = orderFrom(kiosk);
    for (const order of [preparing, ready, gone, unnumbered]) {
      await placeOrder(shop.app, kiosk, order);
    }
    for (const order of [ready, gone]) {
      await sendMove(shop.app, sam, order, 'take', 'new');
      await sendMove(shop.app, sam, order, 'ready', 'picking');
    }
    await sendMove(shop.app, sam, gone, 'hand-over', 'ready');
    const response = await shop.app.request('/board/snapshot');
    const text = await response.clone().text();
    for (const secret of [kiosk.id, preparing.receiptId, 'Jacket', '5599', 'serial']) {
      expect(text).not.toContain(secret);
    }
    const board = await snapshot();
    expect(board.items.map((item) => [item.number, item.state])).toEqual([
      ['C 1', 'new'],
      ['C 2', 'ready'],
    ]);
    expect(board.settings).toMatchObject({ boardReadyMinutes: 10, boardSpeech: false });
    await changeSettings(shop.services.db, { boardReadyMinutes: 1 }, 'staff:boss', clock);
    clock += 61_000;
    expect((await snapshot()).items.map((item) => item.number)).toEqual(['C 1']);
  });

  it('streams the numbers’ moves, and only theirs', async () => {
    const { lastMoveId } = await snapshot();
    const feed = await shop.app.request(`/board/changes?after=${lastMoveId}`);
    const unnumbered = orderFrom(kiosk);
    const numbered = orderFrom(kiosk, { collectionNumber: 'X 9' });
    const reading = readStream(feed, (events) => events.length >= 3);
    await placeOrder(shop.app, kiosk, unnumbered);
    await placeOrder(shop.app, kiosk, numbered);
    await sendMove(shop.app, sam, numbered, 'take', 'new');
    const { events, text } = await reading;
    expect(text).not.toContain(kiosk.id);
    const changes = events.slice(1).map((event) => boardChangeSchema.parse(JSON.parse(event.data)));
    expect(changes.map((change) => [change.item.number, change.item.state])).toEqual([
      ['X 9', 'picking'],
      ['X 9', 'picking'],
    ]);
  });
});
