/**
 * Orders from enrolled kiosks: signed requests bound to method, path, body and time; one
 * order per receipt, a repeat answered with the order kept; listed for staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRevocation } from '../../../../services/shop/revocations/revocation-store';
import {
  addLogin,
  kioskHeaders,
  loginCookie,
  makeKiosk,
  makeWorld,
  openShop,
  revocationOf,
  type TestKiosk,
  type TestShop,
} from '../support/shop-world';
import { orderFrom } from '../support/orders';

const world = makeWorld(2);
const [kiosk, revoked] = world.kiosks as [TestKiosk, TestKiosk];
let shop: TestShop;
let counter = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'counter-1', 'counter');
  counter = await loginCookie(shop.app, 'counter-1');
  await saveRevocation(shop.services.db, await revocationOf(world, revoked), Date.now());
}, 120_000);
afterAll(() => shop.close());

const orderOf = orderFrom;

function send(
  from: TestKiosk,
  body: unknown,
  options: { path?: string; time?: number; sentTo?: string } = {},
) {
  const text = JSON.stringify(body);
  const headers = kioskHeaders(from, {
    method: 'POST',
    path: options.path ?? '/orders',
    body: text,
    ...(options.time ? { time: options.time } : {}),
  });
  return shop.app.request(options.sentTo ?? '/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
}

describe('POST /orders', () => {
  it('keeps a signed order once: a repeat is 200 with the order kept, another order 409', async () => {
    const order = orderOf(kiosk);
    const first = await send(kiosk, { order });
    expect(first.status).toBe(201);
    const kept = (await first.json()) as { order: Record<string, unknown> };
    expect(kept.order).toMatchObject({
      kioskId: kiosk.id,
      receiptId: order.receiptId,
      lines: order.lines,
      totalCents: 12197,
      serial: kiosk.serial,
      state: 'new',
      collectionNumber: null,
    });
    const repeat = await send(kiosk, { order });
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual(kept);
    const changed = await send(kiosk, {
      order: { ...order, lines: [order.lines[0]], totalCents: 11198 },
    });
    expect(changed.status).toBe(409);
    const one = await shop.app.request(`/orders/${kiosk.id}/${order.receiptId}`, {
      headers: { cookie: counter },
    });
    expect(await one.json()).toEqual(kept);
  });

  it('keeps the collection number, and says an order that came long after its confirm is late', async () => {
    const numbered = orderOf(kiosk, { collectionNumber: 'F 31' });
    const kept = (await (await send(kiosk, { order: numbered })).json()) as {
      order: Record<string, unknown>;
    };
    expect(kept.order).toMatchObject({ collectionNumber: 'F 31', late: false, state: 'new' });
    // The same receipt under another number is another order.
    const renumbered = await send(kiosk, { order: { ...numbered, collectionNumber: 'F 32' } });
    expect(renumbered.status).toBe(409);
    // Confirmed three minutes before it arrived: the kiosk was offline (LATE_ORDER_MS is 2).
    const offline = orderOf(kiosk, { at: Date.now() - 3 * 60_000 });
    const late = (await (await send(kiosk, { order: offline })).json()) as {
      order: Record<string, unknown>;
    };
    expect(late.order).toMatchObject({ late: true });
    const bad = await send(kiosk, { order: orderOf(kiosk, { collectionNumber: 'F-33' }) });
    expect(bad.status).toBe(400);
  });

  it('takes a kiosk’s certificate carried with its first order', async () => {
    const newcomer = makeKiosk(world, 'kiosk-newcomer');
    const order = orderOf(newcomer);
    expect((await send(newcomer, { order })).status).toBe(401);
    expect((await send(newcomer, { order, certificate: newcomer.envelope })).status).toBe(201);
    expect((await send(newcomer, { order: orderOf(newcomer) })).status).toBe(201);
  });

  it('refuses forged, replayed-elsewhere, stale and revoked requests, and another kiosk’s order', async () => {
    const order = orderOf(kiosk);
    const forger = makeKiosk(world, kiosk.id);
    const forged = await send({ ...forger, serial: kiosk.serial }, { order });
    expect(forged.status).toBe(401);
    // Signed for another path, sent to /orders: the signature covers the path.
    expect((await send(kiosk, { order }, { path: '/orders?x=1' })).status).toBe(401);
    const stale = await send(kiosk, { order }, { time: Date.now() - 6 * 60_000 });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ error: 'kiosk-unauthenticated' });
    const text = JSON.stringify({ order });
    const headers = kioskHeaders(kiosk, { method: 'POST', path: '/orders', body: text });
    const altered = await shop.app.request('/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: text.replace('"quantity":2', '"quantity":3'),
    });
    expect(altered.status).toBe(401);
    const gone = await send(revoked, { order: orderOf(revoked) });
    expect(gone.status).toBe(403);
    expect(await gone.json()).toMatchObject({ error: 'certificate-revoked' });
    expect((await send(kiosk, { order: orderOf(revoked) })).status).toBe(403);
    expect((await send(kiosk, { order: { ...order, totalCents: 1 } })).status).toBe(400);
  });

  it('lists orders in the order they came, page by page, for staff only', async () => {
    const sent = [orderOf(kiosk), orderOf(kiosk), orderOf(kiosk)];
    for (const order of sent) await send(kiosk, { order });
    const receipts: string[] = [];
    let next: string | null = null;
    do {
      const query: string = `/orders?kiosk=${kiosk.id}&limit=2${next ? `&after=${next}` : ''}`;
      const page = (await (
        await shop.app.request(query, { headers: { cookie: counter } })
      ).json()) as {
        orders: { receiptId: string }[];
        next: string | null;
      };
      receipts.push(...page.orders.map((order) => order.receiptId));
      next = page.next;
    } while (next !== null);
    expect(receipts.slice(-3)).toEqual(sent.map((order) => order.receiptId));
    expect(new Set(receipts).size).toBe(receipts.length);
    expect((await shop.app.request('/orders')).status).toBe(401);
  });
});
