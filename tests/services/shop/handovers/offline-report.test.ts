/**
 * "Hand over anyway", sent later: never refused for having been beaten, never overwriting.
 * The first handover stays the receipt's; the second is kept beside it as a conflict that
 * staff and the operator list and dismiss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLogin,
  jsonPost,
  loginCookie,
  makeWorld,
  newHandoverId,
  openShop,
  receiptCode,
  type TestShop,
} from '../support/shop-world';

const world = makeWorld(1);
const kiosk = world.kiosks[0]!;
let shop: TestShop;
let counter1 = '';
let counter3 = '';
let operator = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'counter-1', 'counter', 'Counter 1');
  await addLogin(shop.services, 'counter-3', 'counter', 'Counter 3');
  await addLogin(shop.services, 'operator', 'operator', 'Operator');
  counter1 = await loginCookie(shop.app, 'counter-1');
  counter3 = await loginCookie(shop.app, 'counter-3');
  operator = await loginCookie(shop.app, 'operator');
}, 120_000);
afterAll(() => shop.close());

const post = (path: string, body: unknown, cookie: string) =>
  shop.app.request(path, jsonPost(body, cookie));
const get = async (path: string, cookie: string) =>
  (await shop.app.request(path, { headers: { cookie } })).json() as Promise<
    Record<string, unknown>
  >;

describe('POST /handovers/offline', () => {
  it('records an offline handover as the receipt’s when nobody had it, at the time staff chose', async () => {
    const { code, payload } = receiptCode(kiosk);
    const at = Date.now() - 60_000;
    const handoverId = newHandoverId();
    const response = await post(
      '/handovers/offline',
      { code, handoverId, at, mode: 'offline' },
      counter3,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      outcome: 'recorded',
      handover: { receiptId: payload.r, counter: 'Counter 3', at, mode: 'offline', handoverId },
    });
    const repeat = await post(
      '/handovers/offline',
      { code, handoverId, at, mode: 'offline' },
      counter3,
    );
    expect(repeat.status).toBe(200);
    const online = await post('/handovers', { code, handoverId: newHandoverId() }, counter1);
    expect(online.status).toBe(409);
    expect(await online.json()).toMatchObject({ handover: { counter: 'Counter 3', at } });
  });

  it('keeps both when another counter had handed it over, and files a conflict for staff and the operator', async () => {
    const { code, payload } = receiptCode(kiosk);
    const won = await post('/handovers', { code, handoverId: newHandoverId() }, counter1);
    expect(won.status).toBe(201);
    const at = Date.now() - 1000;
    const handoverId = newHandoverId();
    const body = { code, handoverId, at, mode: 'override' };
    const late = await post('/handovers/offline', body, counter3);
    expect(late.status).toBe(201);
    const answer = (await late.json()) as { conflict: { id: number } };
    expect(answer).toMatchObject({
      outcome: 'conflict',
      handover: { counter: 'Counter 1', mode: 'online' },
      conflict: {
        receiptId: payload.r,
        first: { counter: 'Counter 1' },
        second: { counter: 'Counter 3', at, mode: 'override', handoverId },
        dismissedAt: null,
      },
    });
    // Sent again (the answer was lost): the same conflict, not a second one.
    const again = await post('/handovers/offline', body, counter3);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ conflict: { id: answer.conflict.id } });

    for (const cookie of [counter1, operator]) {
      const { conflicts } = (await get('/conflicts', cookie)) as { conflicts: { id: number }[] };
      expect(conflicts.filter((one) => one.id === answer.conflict.id)).toHaveLength(1);
    }
    const dismissed = await shop.app.request(`/conflicts/${answer.conflict.id}/dismiss`, {
      method: 'POST',
      headers: { cookie: operator },
    });
    expect(await dismissed.json()).toMatchObject({
      conflict: { dismissedBy: 'staff:operator', first: { counter: 'Counter 1' } },
    });
    const open = (await get('/conflicts', operator)) as { conflicts: { id: number }[] };
    expect(open.conflicts.some((one) => one.id === answer.conflict.id)).toBe(false);
    const all = (await get('/conflicts?open=0', operator)) as { conflicts: { id: number }[] };
    expect(all.conflicts.some((one) => one.id === answer.conflict.id)).toBe(true);
    // The receipt's handover is still the first one.
    const kept = await get(`/handovers/${kiosk.id}/${payload.r}`, operator);
    expect(kept).toMatchObject({ handover: { counter: 'Counter 1', mode: 'online' } });
  });

  it('refuses a handover dated ahead of the service, and a receipt older than the window at that time', async () => {
    const { code } = receiptCode(kiosk, { t: Date.now() - 3 * 86_400_000 });
    const ahead = {
      code,
      handoverId: newHandoverId(),
      at: Date.now() + 10 * 60_000,
      mode: 'offline',
    };
    expect((await post('/handovers/offline', ahead, counter1)).status).toBe(400);
    const before = {
      code,
      handoverId: newHandoverId(),
      at: Date.now() - 20 * 86_400_000,
      mode: 'offline',
    };
    const response = await post('/handovers/offline', before, counter1);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ refusal: 'future' });
  });

  it('a dismiss of an unknown conflict is a 404', async () => {
    const response = await shop.app.request('/conflicts/999999/dismiss', {
      method: 'POST',
      headers: { cookie: operator },
    });
    expect(response.status).toBe(404);
  });
});
