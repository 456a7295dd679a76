/**
 * Revocations stick: each is its own record signed by the enrolment key, the set only grows,
 * two consoles revoking two kiosks at once both take effect, and a revoked certificate stays
 * revoked whatever is posted or attempted at the database.
 */
import { webcrypto } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRevocationRecord,
  type RevocationRecord,
} from '../../../../shared/fleet/trust/revocation-record';
import type { Ed25519Verifier } from '../../../../shared/fleet/receipt-code';
import { makeEnrolmentKey } from '../../../support/fixtures/kiosk-certificate';
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
} from '../support/shop-world';

const world = makeWorld(4);
const [first, second, third, spare] = world.kiosks as [
  (typeof world.kiosks)[0],
  (typeof world.kiosks)[0],
  (typeof world.kiosks)[0],
  (typeof world.kiosks)[0],
];
let shop: TestShop;
let operator1 = '';
let operator2 = '';
let counter = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'operator-1', 'operator');
  await addLogin(shop.services, 'operator-2', 'operator');
  await addLogin(shop.services, 'counter-1', 'counter');
  operator1 = await loginCookie(shop.app, 'operator-1');
  operator2 = await loginCookie(shop.app, 'operator-2');
  counter = await loginCookie(shop.app, 'counter-1');
}, 120_000);
afterAll(() => shop.close());

const revoke = (record: unknown, cookie = operator1) =>
  shop.app.request('/revocations', jsonPost(record, cookie));
const all = async () =>
  (await (await shop.app.request('/revocations', { headers: { cookie: counter } })).json()) as {
    fleet: string;
    revocations: RevocationRecord[];
  };

describe('revocations', () => {
  it('two consoles revoking two kiosks at the same moment both take effect', async () => {
    const [a, b] = await Promise.all([
      revoke(await revocationOf(world, first), operator1),
      revoke(await revocationOf(world, second), operator2),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const set = await all();
    expect(set.fleet).toBe('kiosk-shop');
    expect(set.revocations.map((record) => record.revocation.kioskId).sort()).toEqual([
      first.id,
      second.id,
    ]);
    const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;
    for (const record of set.revocations) {
      expect(
        await checkRevocationRecord(record, 'kiosk-shop', world.enrolment.publicText, subtle),
      ).toBe(true);
    }
    for (const kiosk of [first, second]) {
      const response = await shop.app.request(
        '/handovers',
        jsonPost({ code: receiptCode(kiosk).code, handoverId: newHandoverId() }, counter),
      );
      expect(await response.json()).toMatchObject({ refusal: 'revoked' });
    }
  });

  it('a revoked certificate stays revoked: a second record keeps the first, and the database refuses changes', async () => {
    const original = await revocationOf(world, third, 'stolen');
    expect((await revoke(original)).status).toBe(201);
    const again = await revoke(await revocationOf(world, third, 'reinstalled'));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ revocation: original });
    const { db } = shop.services;
    await expect(sql`delete from revocations`.execute(db)).rejects.toThrow(/only ever added/);
    await expect(sql`update revocations set reason = 'oops'`.execute(db)).rejects.toThrow(
      /only ever added/,
    );
    await expect(sql`truncate revocations`.execute(db)).rejects.toThrow(/only ever added/);
    expect((await all()).revocations.map((record) => record.revocation.serial)).toContain(
      third.serial,
    );
  });

  it('refuses a record not signed by the enrolment key, or for another fleet, and a counter login', async () => {
    const forged = await revocationOf({ ...world, enrolment: makeEnrolmentKey() }, spare);
    const refused = await revoke(forged);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: 'revocation-refused' });
    const genuine = await revocationOf(world, spare);
    const moved = { ...genuine, revocation: { ...genuine.revocation, fleet: 'other-shop' } };
    expect((await revoke(moved)).status).toBe(422);
    expect((await revoke(genuine, counter)).status).toBe(403);
    expect((await all()).revocations.some((r) => r.revocation.serial === spare.serial)).toBe(false);
  });
});
