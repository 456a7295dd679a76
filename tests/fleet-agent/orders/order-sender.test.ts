/**
 * One try at handing an order to the shop service, against the service's own app (in this
 * process, on PGlite): a signed order is kept once, a repeat is delivered again, and the
 * answers the service gives for good (another order under the receipt, a revoked
 * certificate, an order out of the hold window) are told apart from those worth another
 * try (down, slow, a clock minutes off, an answer that is not the service's).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createOrderSender,
  MAX_ANSWER_BYTES,
  readServiceAnswer,
  type OrderSenderOptions,
} from '../../../fleet-agent/orders/order-sender';
import { saveRevocation } from '../../../services/shop/revocations/revocation-store';
import type { ShopOrder } from '../../../shared/fleet/orders/shop-order';
import { fuzzParameters, hostilePayload } from '../../support/fixtures/hostile-payloads';
import {
  addLogin,
  loginCookie,
  makeKiosk,
  makeWorld,
  openShop,
  revocationOf,
  type TestKiosk,
  type TestShop,
} from '../../services/shop/support/shop-world';
import { credentialsOf, sampleOrder } from './support/order-fixtures';

const ORIGIN = 'https://shop-service.test';
const world = makeWorld(2);
const [kiosk, revoked] = world.kiosks as [TestKiosk, TestKiosk];
let shop: TestShop;
let cookie = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'counter-1');
  cookie = await loginCookie(shop.app, 'counter-1');
  await saveRevocation(shop.services.db, await revocationOf(world, revoked), Date.now());
}, 120_000);
afterAll(() => shop.close());

/** The service's app as the network: what a kiosk's fetch reaches. */
const serviceFetch = vi.fn((input: URL | RequestInfo, init?: RequestInit) =>
  shop.app.request(input instanceof URL ? input.href : input, init),
) as unknown as typeof fetch;

function senderOf(from: TestKiosk, options: Partial<OrderSenderOptions> = {}) {
  return createOrderSender({
    serviceUrl: ORIGIN,
    credentials: credentialsOf(from),
    fetch: serviceFetch,
    ...options,
  });
}

async function kept(order: ShopOrder): Promise<unknown> {
  const response = await shop.app.request(`/orders/${order.kioskId}/${order.receiptId}`, {
    headers: { cookie },
  });
  return response.status === 200 ? ((await response.json()) as { order: unknown }).order : null;
}

describe('sending an order to the shop service', () => {
  it('delivers a signed order once, and a repeat again, as the one kept', async () => {
    const order = sampleOrder(kiosk.id);
    const sender = senderOf(kiosk);
    expect(await sender.send(order)).toEqual({ kind: 'delivered', status: 201 });
    expect(await sender.send(order)).toEqual({ kind: 'delivered', status: 200 });
    expect(await kept(order)).toMatchObject({
      ...order,
      serial: kiosk.serial,
      state: 'new',
    });
  });

  it('carries its certificate, so a service that did not know the kiosk keeps it', async () => {
    const newcomer = makeKiosk(world, 'kiosk-newcomer');
    const order = sampleOrder(newcomer.id);
    expect(await senderOf(newcomer).send(order)).toEqual({ kind: 'delivered', status: 201 });
    expect(await kept(order)).toMatchObject({ receiptId: order.receiptId });
  });

  it('is refused for good: another order under the receipt, a revoked certificate, too old', async () => {
    const order = sampleOrder(kiosk.id);
    const sender = senderOf(kiosk);
    await sender.send(order);
    expect(
      await sender.send({ ...order, lines: order.lines.slice(0, 1), totalCents: 11198 }),
    ).toEqual({
      kind: 'refused',
      status: 409,
      reason: 'HTTP 409 (receipt-taken: Another order is kept under this receipt.)',
    });
    expect(await senderOf(revoked).send(sampleOrder(revoked.id))).toMatchObject({
      kind: 'refused',
      status: 403,
    });
    const old = sampleOrder(kiosk.id, Date.now() - 15 * 86_400_000);
    expect(await sender.send(old)).toMatchObject({ kind: 'refused', status: 400 });
  });

  it('tries again later when its clock is minutes off the service’s', async () => {
    const order = sampleOrder(kiosk.id);
    const skewed = senderOf(kiosk, { now: () => Date.now() - 6 * 60_000 });
    expect(await skewed.send(order)).toMatchObject({ kind: 'retry', reason: /^HTTP 401 / });
    expect(await kept(order)).toBeNull();
  });

  it('sends nothing while the kiosk is not enrolled', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const sender = createOrderSender({
      serviceUrl: ORIGIN,
      credentials: credentialsOf(kiosk, () => false),
      fetch: fetchSpy,
    });
    expect(await sender.send(sampleOrder(kiosk.id))).toEqual({ kind: 'unsigned' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('posts to the origin’s /orders, following no redirect, with a time limit', async () => {
    const fetchSpy = vi.fn<typeof fetch>(() => Promise.resolve(new Response('', { status: 503 })));
    const sender = createOrderSender({
      serviceUrl: 'https://shop-service.test:8470',
      credentials: credentialsOf(kiosk),
      fetch: fetchSpy,
    });
    expect(await sender.send(sampleOrder(kiosk.id))).toEqual({
      kind: 'retry',
      reason: 'HTTP 503 (no reason given)',
    });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toEqual(new URL('https://shop-service.test:8470/orders'));
    expect(init).toMatchObject({ method: 'POST', redirect: 'error' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['certificate', 'order']);
  });

  it('tries again later when the service cannot be reached or does not answer in time', async () => {
    const refused = createOrderSender({
      serviceUrl: ORIGIN,
      credentials: credentialsOf(kiosk),
      fetch: () =>
        Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })),
    });
    expect(await refused.send(sampleOrder(kiosk.id))).toEqual({
      kind: 'retry',
      reason: 'fetch failed: ECONNREFUSED',
    });
    const silent = createOrderSender({
      serviceUrl: ORIGIN,
      credentials: credentialsOf(kiosk),
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    });
    expect(await silent.send(sampleOrder(kiosk.id))).toMatchObject({
      kind: 'retry',
      reason: /timeout|aborted/i,
    });
  });

  it('reads no more of an answer than it needs', async () => {
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        pulls += 1;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    const sender = createOrderSender({
      serviceUrl: ORIGIN,
      credentials: credentialsOf(kiosk),
      fetch: () => Promise.resolve(new Response(endless, { status: 201 })),
    });
    expect(await sender.send(sampleOrder(kiosk.id))).toMatchObject({ kind: 'retry' });
    expect(pulls).toBeLessThan(MAX_ANSWER_BYTES / 1024 + 4);
  });
});

describe('reading the service’s answer', () => {
  const order = { kioskId: 'kiosk-front-1', receiptId: 'Receipt-1700000000123-42' };
  const answer = JSON.stringify({ order: { ...order, state: 'new' } });

  it('takes a 200 or 201 as delivered only when it names this order', () => {
    expect(readServiceAnswer(201, answer, order)).toEqual({ kind: 'delivered', status: 201 });
    expect(readServiceAnswer(200, answer, order)).toEqual({ kind: 'delivered', status: 200 });
    expect(readServiceAnswer(200, '<html>Welcome</html>', order)).toMatchObject({ kind: 'retry' });
    expect(
      readServiceAnswer(201, answer.replace('kiosk-front-1', 'kiosk-front-2'), order),
    ).toMatchObject({ kind: 'retry' });
  });

  it.each([400, 403, 409, 413, 415, 422])('takes %i as refused for good', (status) => {
    expect(readServiceAnswer(status, '{"error":"x"}', order)).toMatchObject({ kind: 'refused' });
  });

  it.each([204, 301, 401, 404, 408, 429, 500, 502, 503])('tries again after %i', (status) => {
    expect(readServiceAnswer(status, '', order)).toMatchObject({ kind: 'retry' });
  });

  it('reads any answer without throwing, and logs only one short printable line of it', () => {
    const decoder = new TextDecoder();
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        hostilePayload(
          [answer, '{"error":"receipt-taken","message":"Another order."}'],
          [MAX_ANSWER_BYTES],
        ),
        (status, bytes) => {
          const outcome = readServiceAnswer(status, decoder.decode(bytes), order);
          if (outcome.kind === 'delivered') expect([200, 201]).toContain(status);
          if ('reason' in outcome) {
            expect(outcome.reason.length).toBeLessThan(300);
            expect(outcome.reason).not.toMatch(/[\p{Cc}]/u);
          }
        },
      ),
      fuzzParameters(500),
    );
  }, 30_000);
});
