/**
 * The console reads what the shop service really says: a real service in this process (its
 * Hono app on PGlite, tests/services/shop/support/shop-world.ts), and each kind of answer
 * the counter and the enrolment view act on read by the console's own readers
 * (fleet-console/service/service-answers.ts), so that neither side can change an answer's
 * shape without the other failing here. The readers' fuzz is beside them, in the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  alreadyCollectedAnswerSchema,
  certificatesAnswerSchema,
  checkAnswerSchema,
  conflictsAnswerSchema,
  handedOverAnswerSchema,
  handoversAnswerSchema,
  lockedAnswerSchema,
  loginAnswerSchema,
  meAnswerSchema,
  offlineAnswerSchema,
  readAnswer,
  refusalAnswerSchema,
  revocationsAnswerSchema,
} from '../../../fleet-console/service/service-answers';
import {
  addLogin,
  jsonPost,
  loginCookie,
  makeWorld,
  newHandoverId,
  openShop,
  receiptCode,
  revocationOf,
  type TestShop,
} from '../../services/shop/support/shop-world';
import { issueToken } from '../../../services/shop/staff/tokens';

const world = makeWorld(2);
const [kiosk, revokedKiosk] = world.kiosks as [
  (typeof world.kiosks)[number],
  (typeof world.kiosks)[number],
];
let shop: TestShop;
let counter = '';
let operator = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'counter-1', 'counter', 'Counter 1');
  await addLogin(shop.services, 'counter-2', 'counter', 'Counter 2');
  await addLogin(shop.services, 'operator', 'operator', 'Operator');
  counter = await loginCookie(shop.app, 'counter-1');
  operator = await loginCookie(shop.app, 'operator');
}, 120_000);
afterAll(() => shop.close());

async function read<T>(
  schema: z.ZodType<T>,
  path: string,
  init: RequestInit,
  status: number,
): Promise<T> {
  const response = await shop.app.request(path, init);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  const answer = readAnswer(schema, body);
  expect(answer, JSON.stringify(body)).not.toBeNull();
  return answer as T;
}

const get = (cookie: string): RequestInit => ({ headers: { cookie } });

describe('the shop service’s answers, read by the console', () => {
  it('a login, who is signed in, and a login locked after five wrong passwords', async () => {
    const login = { username: 'counter-2', password: 'correct horse battery' };
    expect((await read(loginAnswerSchema, '/auth/login', jsonPost(login), 200)).staff).toEqual({
      username: 'counter-2',
      name: 'Counter 2',
      role: 'counter',
    });
    expect(await read(meAnswerSchema, '/auth/me', get(counter), 200)).toMatchObject({
      kind: 'staff',
    });
    const wrong = { username: 'counter-2', password: 'not the password' };
    for (let n = 0; n < 5; n += 1) await shop.app.request('/auth/login', jsonPost(wrong));
    expect(await read(lockedAnswerSchema, '/auth/login', jsonPost(login), 429)).toMatchObject({
      error: 'locked',
    });
    // Seven password hashes (scrypt), each a while on a loaded machine.
  }, 60_000);

  it('a device token: who it is, whatever its random id looks like', async () => {
    for (let n = 0; n < 5; n += 1) {
      const { token } = await issueToken(
        shop.services.db,
        { name: 'Counter 3 PC', role: 'counter', expiresAt: null },
        Date.now(),
      );
      const me = await read(
        meAnswerSchema,
        '/auth/me',
        { headers: { authorization: `Bearer ${token}` } },
        200,
      );
      expect(me).toMatchObject({ kind: 'token', staff: { name: 'Counter 3 PC', role: 'counter' } });
    }
  });

  it('a check, a handover, another counter’s refusal, an offline report and its conflict', async () => {
    const { code, payload } = receiptCode(kiosk);
    const checked = await read(
      checkAnswerSchema,
      '/receipts/check',
      jsonPost({ code }, counter),
      200,
    );
    expect(checked).toMatchObject({ receipt: payload, handover: null });
    const handoverId = newHandoverId();
    const won = await read(
      handedOverAnswerSchema,
      '/handovers',
      jsonPost({ code, handoverId }, counter),
      201,
    );
    expect(won.handover).toMatchObject({ handoverId, counter: 'Counter 1', mode: 'online' });
    const lost = await read(
      alreadyCollectedAnswerSchema,
      '/handovers',
      jsonPost({ code, handoverId: newHandoverId() }, operator),
      409,
    );
    expect(lost.handover.counter).toBe('Counter 1');
    expect(
      (await read(checkAnswerSchema, '/receipts/check', jsonPost({ code }, operator), 200))
        .handover,
    ).toMatchObject({ handoverId });
    const report = { code, handoverId: newHandoverId(), at: Date.now(), mode: 'offline' };
    const conflict = await read(
      offlineAnswerSchema,
      '/handovers/offline',
      jsonPost(report, operator),
      201,
    );
    expect(conflict).toMatchObject({
      outcome: 'conflict',
      conflict: { second: { counter: 'Operator' } },
    });
    const fresh = receiptCode(kiosk).code;
    const alone = { code: fresh, handoverId: newHandoverId(), at: Date.now(), mode: 'offline' };
    expect(
      await read(offlineAnswerSchema, '/handovers/offline', jsonPost(alone, counter), 201),
    ).toMatchObject({ outcome: 'recorded' });
    const listed = await read(conflictsAnswerSchema, '/conflicts?open=1', get(counter), 200);
    expect(listed.conflicts.map((one) => one.receiptId)).toContain(payload.r);
    const recent = await read(handoversAnswerSchema, '/handovers?limit=10', get(counter), 200);
    expect(recent.handovers.length).toBeGreaterThanOrEqual(2);
  });

  it('a refused receipt, the revocations and the certificates, each as the console verifies them', async () => {
    const revocation = await revocationOf(world, revokedKiosk);
    expect((await shop.app.request('/revocations', jsonPost(revocation, operator))).status).toBe(
      201,
    );
    const { code } = receiptCode(revokedKiosk);
    expect(
      await read(refusalAnswerSchema, '/receipts/check', jsonPost({ code }, counter), 422),
    ).toMatchObject({ refusal: 'revoked', title: 'Certificate revoked' });
    const revocations = await read(revocationsAnswerSchema, '/revocations', get(counter), 200);
    expect(revocations.revocations).toEqual([revocation]);
    const certificates = await read(certificatesAnswerSchema, '/certificates', get(counter), 200);
    expect(certificates.certificates).toHaveLength(2);
  });
});
