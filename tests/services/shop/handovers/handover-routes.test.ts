/**
 * The counter's API on the embedded engine, in-process: a receipt is checked by the service
 * itself (signature, certificate, revocation, hold window) and handed over once; the loser
 * is told who won and when; a repeat of the same handover is the same handover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRevocation } from '../../../../services/shop/revocations/revocation-store';
import { DAY_MS } from '../../../../services/shop/trust/trust-settings';
import {
  addLogin,
  jsonPost,
  loginCookie,
  makeKiosk,
  makeWorld,
  newHandoverId,
  openShop,
  receiptCode,
  revocationOf,
  type TestShop,
} from '../support/shop-world';

const world = makeWorld(3);
const [kiosk, other, revoked] = world.kiosks as [
  (typeof world.kiosks)[0],
  (typeof world.kiosks)[0],
  (typeof world.kiosks)[0],
];
let shop: TestShop;
let counter1 = '';
let counter2 = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'counter-1', 'counter', 'Counter 1');
  await addLogin(shop.services, 'counter-2', 'counter', 'Counter 2');
  counter1 = await loginCookie(shop.app, 'counter-1');
  counter2 = await loginCookie(shop.app, 'counter-2');
  await saveRevocation(shop.services.db, await revocationOf(world, revoked), Date.now());
}, 120_000);
afterAll(() => shop.close());

const post = (path: string, body: unknown, cookie = counter1) =>
  shop.app.request(path, jsonPost(body, cookie));

describe('POST /handovers', () => {
  it('hands a receipt over once: the second counter is told who and when', async () => {
    const { code, payload } = receiptCode(kiosk);
    const first = await post('/handovers', { code, handoverId: newHandoverId() });
    expect(first.status).toBe(201);
    const won = (await first.json()) as { outcome: string; handover: Record<string, unknown> };
    expect(won).toMatchObject({
      outcome: 'handed-over',
      handover: { kioskId: kiosk.id, receiptId: payload.r, counter: 'Counter 1', mode: 'online' },
    });
    const second = await post('/handovers', { code, handoverId: newHandoverId() }, counter2);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      outcome: 'already-collected',
      error: 'already-collected',
      message: 'Already collected at Counter 1. Do not hand it over again.',
      handover: { counter: 'Counter 1', at: won.handover.at },
    });
  });

  it('answers a repeat of the same handover as the handover it was', async () => {
    const { code } = receiptCode(kiosk);
    const handoverId = newHandoverId();
    expect((await post('/handovers', { code, handoverId })).status).toBe(201);
    const again = await post('/handovers', { code, handoverId });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'handed-over' });
    const reused = await post('/handovers', { code: receiptCode(kiosk).code, handoverId });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ error: 'handover-id-taken' });
  });

  it.each([
    ['a damaged code', () => 'KSR1.abc.def', 'unreadable', 'Not a valid receipt'],
    ['a plain receipt id', () => 'Receipt-1700000000000-42', 'unreadable', 'Not a valid receipt'],
    [
      'a kiosk without a certificate',
      () => receiptCode(makeKiosk(world, 'kiosk-unknown')).code,
      'not-enrolled',
      'Kiosk not enrolled',
    ],
    [
      'a code signed by another key',
      () => {
        const { payload } = receiptCode(kiosk);
        return receiptCode(other, { ...payload, k: kiosk.id }).code;
      },
      'bad-signature',
      'Receipt refused',
    ],
    ['a revoked certificate', () => receiptCode(revoked).code, 'revoked', 'Certificate revoked'],
    [
      'a receipt older than the hold window',
      () => receiptCode(kiosk, { t: Date.now() - 15 * DAY_MS }).code,
      'too-old',
      'Receipt too old',
    ],
    [
      'a receipt dated more than 5 minutes ahead',
      () => receiptCode(kiosk, { t: Date.now() + 6 * 60_000 }).code,
      'future',
      'Receipt dated in the future',
    ],
  ])('refuses %s, saying why, and records nothing', async (_what, make, refusal, title) => {
    const code = make();
    const response = await post('/handovers', { code, handoverId: newHandoverId() });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: 'receipt-refused', refusal, title });
    const check = await post('/receipts/check', { code });
    expect(check.status).toBe(422);
  });

  it('takes a receipt dated up to 5 minutes ahead and up to the hold window back', async () => {
    for (const t of [Date.now() + 4 * 60_000, Date.now() - 13 * DAY_MS]) {
      const { code } = receiptCode(kiosk, { t });
      expect((await post('/handovers', { code, handoverId: newHandoverId() })).status).toBe(201);
    }
  });

  it('needs a counter or operator login', async () => {
    const { code } = receiptCode(kiosk);
    const response = await shop.app.request(
      '/handovers',
      jsonPost({ code, handoverId: newHandoverId() }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'unauthenticated' });
  });
});

describe('looking a receipt up', () => {
  it('says what the receipt is and whether it was collected', async () => {
    const { code, payload } = receiptCode(kiosk);
    const before = await post('/receipts/check', { code });
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({
      receipt: payload,
      certificate: { serial: kiosk.serial, store: 'Main street' },
      handover: null,
    });
    await post('/handovers', { code, handoverId: newHandoverId() }, counter2);
    const after = (await (await post('/receipts/check', { code })).json()) as {
      handover: { counter: string };
    };
    expect(after.handover.counter).toBe('Counter 2');
    const one = await shop.app.request(`/handovers/${kiosk.id}/${payload.r}`, {
      headers: { cookie: counter1 },
    });
    expect(await one.json()).toMatchObject({ handover: { counter: 'Counter 2' } });
    const none = await shop.app.request(`/handovers/${kiosk.id}/Receipt-1-1`, {
      headers: { cookie: counter1 },
    });
    expect(none.status).toBe(404);
    const latest = (await (
      await shop.app.request('/handovers?limit=1', { headers: { cookie: counter1 } })
    ).json()) as { handovers: { receiptId: string }[] };
    expect(latest.handovers).toEqual([expect.objectContaining({ receiptId: payload.r })]);
  });
});
