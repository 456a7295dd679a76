/** Certificates reach the service as the operator signed them, and are kept only if they verify. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEnrolmentKey, signCertificateWith } from '../../../support/fixtures/kiosk-certificate';
import {
  addLogin,
  jsonPost,
  loginCookie,
  makeKiosk,
  makeWorld,
  newHandoverId,
  openShop,
  receiptCode,
  type TestShop,
} from '../support/shop-world';

const world = makeWorld(0);
let shop: TestShop;
let operator = '';
let counter = '';

beforeAll(async () => {
  shop = await openShop(world);
  await addLogin(shop.services, 'operator', 'operator');
  await addLogin(shop.services, 'counter-1', 'counter');
  operator = await loginCookie(shop.app, 'operator');
  counter = await loginCookie(shop.app, 'counter-1');
}, 120_000);
afterAll(() => shop.close());

describe('certificates', () => {
  it('keeps a certificate the enrolment key signed, after which its kiosk’s receipts count', async () => {
    const kiosk = makeKiosk(world, 'kiosk-new');
    const { code } = receiptCode(kiosk);
    const claim = () =>
      shop.app.request('/handovers', jsonPost({ code, handoverId: newHandoverId() }, counter));
    expect(await (await claim()).json()).toMatchObject({ refusal: 'not-enrolled' });
    const posted = await shop.app.request('/certificates', jsonPost(kiosk.envelope, operator));
    expect(posted.status).toBe(201);
    expect(
      (await shop.app.request('/certificates', jsonPost(kiosk.envelope, operator))).status,
    ).toBe(200);
    expect((await claim()).status).toBe(201);
    const listed = await shop.app.request(`/certificates?kiosk=${kiosk.id}`, {
      headers: { cookie: counter },
    });
    expect(await listed.json()).toEqual({ certificates: [kiosk.envelope] });
  });

  it('refuses a forged certificate, one for another fleet, and another under a kept serial', async () => {
    const kiosk = makeKiosk(world, 'kiosk-forged');
    const forged = signCertificateWith(kiosk.envelope.certificate, makeEnrolmentKey().privateKey);
    const refused = await shop.app.request('/certificates', jsonPost(forged, operator));
    expect(refused.status).toBe(422);
    const other = signCertificateWith(
      { ...kiosk.envelope.certificate, fleet: 'other-shop' },
      world.enrolment.privateKey,
    );
    expect((await shop.app.request('/certificates', jsonPost(other, operator))).status).toBe(422);
    const kept = makeKiosk(world, 'kiosk-kept');
    await shop.app.request('/certificates', jsonPost(kept.envelope, operator));
    const same = signCertificateWith(
      { ...kept.envelope.certificate, store: 'Elsewhere' },
      world.enrolment.privateKey,
    );
    const taken = await shop.app.request('/certificates', jsonPost(same, operator));
    expect(taken.status).toBe(409);
    expect((await shop.app.request('/certificates', jsonPost(kept.envelope, counter))).status).toBe(
      403,
    );
  });
});
