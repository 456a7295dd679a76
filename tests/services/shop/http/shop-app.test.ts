/**
 * Every reader of request input, fuzzed (bounded): random and mutated bodies on every
 * endpoint that takes one, random headers on the kiosk's signed requests, random cookies,
 * tokens and query strings. None gives a 500 or throws; every refusal is JSON with a message.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_REQUEST_HEADERS } from '../../../../shared/fleet/trust/kiosk-request-signature';
import { MAX_BODY_BYTES } from '../../../../services/shop/http/shop-app';
import { fuzzParameters, hostilePayload } from '../../../support/fixtures/hostile-payloads';
import {
  addLogin,
  kioskHeaders,
  loginCookie,
  makeWorld,
  newHandoverId,
  newReceiptId,
  openShop,
  receiptCode,
  revocationOf,
  type TestShop,
} from '../support/shop-world';

const world = makeWorld(1);
const kiosk = world.kiosks[0]!;
let shop: TestShop;
let operator = '';
const seeds = new Map<string, string[]>();

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'operator', 'operator');
  operator = await loginCookie(shop.app, 'operator');
  const { code } = receiptCode(kiosk);
  const order = {
    receiptId: newReceiptId(),
    kioskId: kiosk.id,
    at: Date.now(),
    lines: [{ productId: 1, title: 'Backpack', quantity: 1, priceCents: 10995 }],
    totalCents: 10995,
  };
  seeds.set('/auth/login', [JSON.stringify({ username: 'operator', password: 'x'.repeat(12) })]);
  seeds.set('/receipts/check', [JSON.stringify({ code })]);
  seeds.set('/handovers', [JSON.stringify({ code, handoverId: newHandoverId() })]);
  seeds.set('/handovers/offline', [
    JSON.stringify({ code, handoverId: newHandoverId(), at: Date.now(), mode: 'offline' }),
  ]);
  seeds.set('/certificates', [JSON.stringify(kiosk.envelope)]);
  seeds.set('/revocations', [JSON.stringify(await revocationOf(world, kiosk))]);
  seeds.set('/orders', [JSON.stringify({ order, certificate: kiosk.envelope })]);
}, 120_000);
afterAll(() => shop.close());

async function expectHandled(response: Response): Promise<void> {
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status >= 400) expect(typeof body.message).toBe('string');
}

describe('every reader of request input', () => {
  it('answers random and mutated bodies on every endpoint without a 500', async () => {
    for (const [path, texts] of seeds) {
      await fc.assert(
        fc.asyncProperty(
          hostilePayload(texts, [MAX_BODY_BYTES]),
          fc.boolean(),
          async (bytes, json) => {
            const response = await shop.app.request(path, {
              method: 'POST',
              headers: {
                'content-type': json ? 'application/json' : 'text/plain',
                cookie: operator,
              },
              body: new Uint8Array(bytes),
            });
            await expectHandled(response);
          },
        ),
        fuzzParameters(60),
      );
    }
  }, 60_000);

  it('answers random kiosk signature headers, cookies and tokens without a 500', async () => {
    const body = seeds.get('/orders')?.[0] ?? '{}';
    const genuine = kioskHeaders(kiosk, { method: 'POST', path: '/orders', body });
    const header = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom(...Object.values(genuine)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ kiosk: header, certificate: header, time: header, signature: header }),
        fc.string({ maxLength: 300 }),
        fc.string({ maxLength: 300 }),
        async (signed, cookie, bearer) => {
          const headers = new Headers({ 'content-type': 'application/json' });
          for (const [name, value] of Object.entries(signed)) {
            try {
              headers.set(KIOSK_REQUEST_HEADERS[name as keyof typeof KIOSK_REQUEST_HEADERS], value);
            } catch {
              // Not a valid header value: a client could not send it either.
            }
          }
          await expectHandled(await shop.app.request('/orders', { method: 'POST', headers, body }));
          const staff = new Headers();
          try {
            staff.set('cookie', `shop_session=${cookie}`);
            staff.set('authorization', `Bearer ${bearer}`);
          } catch {
            return;
          }
          await expectHandled(await shop.app.request('/auth/me', { headers: staff }));
        },
      ),
      fuzzParameters(150),
    );
  }, 30_000);

  it('answers random query strings and path segments without a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/orders',
          '/handovers',
          '/conflicts',
          '/certificates',
          '/orders/kiosk-01',
          '/handovers/kiosk-01',
          '/conflicts/1/dismiss',
        ),
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 60 }),
        async (path, name, value) => {
          const url = `${path}${path.split('/').length > 2 ? `/${encodeURIComponent(value)}` : ''}?${encodeURIComponent(name)}=${encodeURIComponent(value)}&limit=${encodeURIComponent(value)}&after=${encodeURIComponent(value)}&kiosk=${encodeURIComponent(value)}&open=${encodeURIComponent(value)}`;
          const method = path.endsWith('dismiss') ? 'POST' : 'GET';
          await expectHandled(
            await shop.app.request(url, { method, headers: { cookie: operator } }),
          );
        },
      ),
      fuzzParameters(150),
    );
  }, 30_000);

  it('keeps characters the database refuses (NUL) away from it', async () => {
    const login = await shop.app.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'oper\u0000ator', password: 'x'.repeat(12) }),
    });
    expect(login.status).toBe(400);
  });

  it('refuses a body over the cap before reading it', async () => {
    const response = await shop.app.request('/handovers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: operator },
      body: `{"code":"${'x'.repeat(MAX_BODY_BYTES)}"}`,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too-large' });
  });
});
