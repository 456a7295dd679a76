/**
 * A receipt code's signature is verified once and then known by its code; what is never
 * kept is whether its certificate was revoked, which every handover asks the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskKeys } from '../../../../services/shop/certificates/kiosk-keys';
import { saveCertificate } from '../../../../services/shop/certificates/certificate-store';
import { saveRevocation } from '../../../../services/shop/revocations/revocation-store';
import { createReceiptSignatures } from '../../../../services/shop/trust/receipt-check';
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

const world = makeWorld(1);
const [kiosk] = world.kiosks as [(typeof world.kiosks)[0]];
/** A kiosk of the same operator that enrols only during the tests. */
const later = makeKiosk(world, 'kiosk-later');
let shop: TestShop;
let cookie = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'counter-1', 'counter', 'Counter 1');
  cookie = await loginCookie(shop.app, 'counter-1');
}, 120_000);
afterAll(() => shop.close());

/** The service's kiosk keys, counting how often a signature is verified under them. */
function countingKeys(keys: KioskKeys) {
  const counted = { verifications: 0 };
  const wrapped: KioskKeys = {
    ...keys,
    signers: (kioskId, verifies) =>
      keys.signers(kioskId, (publicKey) => {
        counted.verifications += 1;
        return verifies(publicKey);
      }),
  };
  return { counted, keys: wrapped };
}

describe('createReceiptSignatures', () => {
  it('verifies a code once, and an altered code afresh (refused)', async () => {
    const { counted, keys } = countingKeys(shop.services.kioskKeys);
    const receipts = createReceiptSignatures({ trust: world.trust, kioskKeys: keys });
    const { code, payload } = receiptCode(kiosk);
    expect((await receipts.check(code)).payload).toEqual(payload);
    const once = counted.verifications;
    expect(once).toBeGreaterThan(0);
    expect((await receipts.check(code)).payload).toEqual(payload);
    expect(counted.verifications).toBe(once);
    const altered = `${code.slice(0, -3)}${code.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    await expect(receipts.check(altered)).rejects.toMatchObject({ status: 422 });
    expect(counted.verifications).toBeGreaterThan(once);
  });

  it('checks a code being checked only once: both asking at once get its answer', async () => {
    const { counted, keys } = countingKeys(shop.services.kioskKeys);
    const receipts = createReceiptSignatures({ trust: world.trust, kioskKeys: keys });
    const { code, payload } = receiptCode(kiosk);
    const [first, second] = await Promise.all([receipts.check(code), receipts.check(code)]);
    expect(first.payload).toEqual(payload);
    expect(second).toBe(first);
    expect(counted.verifications).toBe(1);
  });

  it('shares a refusal only with those asking at the same time, and keeps none', async () => {
    const { counted, keys } = countingKeys(shop.services.kioskKeys);
    const receipts = createReceiptSignatures({ trust: world.trust, kioskKeys: keys });
    const { code } = receiptCode(kiosk);
    const altered = `${code.slice(0, -3)}${code.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    const both = await Promise.allSettled([receipts.check(altered), receipts.check(altered)]);
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const once = counted.verifications;
    expect(once).toBeGreaterThan(0);
    await expect(receipts.check(altered)).rejects.toMatchObject({ status: 422 });
    expect(counted.verifications).toBe(once * 2);
  });

  it('keeps no refusal: a code from a kiosk enrolled after it was refused then passes', async () => {
    const receipts = createReceiptSignatures({
      trust: world.trust,
      kioskKeys: shop.services.kioskKeys,
    });
    const { code } = receiptCode(later);
    await expect(receipts.check(code)).rejects.toMatchObject({ status: 422 });
    await saveCertificate(shop.services.db, later.envelope, Date.now());
    shop.services.kioskKeys.forget(later.id);
    expect((await receipts.check(code)).payload.k).toBe(later.id);
  });
});

describe('a checked code whose certificate is then revoked', () => {
  it('is refused at the handover, though its signature was verified before', async () => {
    const { code } = receiptCode(kiosk);
    const looked = await shop.app.request('/receipts/check', jsonPost({ code }, cookie));
    expect(looked.status).toBe(200);
    await saveRevocation(shop.services.db, await revocationOf(world, kiosk), Date.now());
    const claimed = await shop.app.request(
      '/handovers',
      jsonPost({ code, handoverId: newHandoverId() }, cookie),
    );
    expect(claimed.status).toBe(422);
    expect(((await claimed.json()) as { refusal?: string }).refusal).toBe('revoked');
    const again = await shop.app.request('/receipts/check', jsonPost({ code }, cookie));
    expect(again.status).toBe(422);
  });
});
