/**
 * The kiosks' certificates as a replica keeps them: read all at once when the service
 * starts, and the kiosks asked about at the same moment after that read together.
 */
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCertificate } from '../../../../services/shop/certificates/certificate-store';
import { createKioskKeys } from '../../../../services/shop/certificates/kiosk-keys';
import { verifyEd25519 } from '../../../../services/shop/trust/ed25519';
import { makeKiosk, makeWorld, openShop, type TestShop } from '../support/shop-world';

const world = makeWorld(2);
let shop: TestShop;

beforeAll(async () => {
  shop = await openShop(world);
}, 120_000);
afterAll(() => shop.close());

/** The shop's database, counting the queries made through it. */
function countedDb() {
  const counted = { queries: 0 };
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      counted.queries += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { counted, db: shop.services.db.withPlugin(counting) };
}

const anyKey = () => Promise.resolve(true);

describe('createKioskKeys', () => {
  it('knows the fleet’s certificates from the start, with no read for a kiosk it warmed', async () => {
    const { counted, db } = countedDb();
    const keys = createKioskKeys(db, world.trust.prefix);
    await keys.warm();
    const afterWarm = counted.queries;
    expect(afterWarm).toBe(1);
    for (const kiosk of world.kiosks) {
      const { known, signers } = await keys.signers(kiosk.id, anyKey);
      expect(known).toBe(1);
      expect(signers.map((certificate) => certificate.serial)).toEqual([kiosk.serial]);
    }
    expect(counted.queries).toBe(afterWarm);
  });

  it('reads kiosks asked about at the same moment in one query, each given its own', async () => {
    const newcomers = Array.from({ length: 12 }, (_, index) =>
      makeKiosk(world, `kiosk-new-${String(index).padStart(2, '0')}`),
    );
    for (const kiosk of newcomers) {
      await saveCertificate(shop.services.db, kiosk.envelope, Date.now());
    }
    const { counted, db } = countedDb();
    const keys = createKioskKeys(db, world.trust.prefix);
    const asked = [...newcomers.map((kiosk) => kiosk.id), 'kiosk-never-enrolled'];
    const answers = await Promise.all(asked.map((kioskId) => keys.signers(kioskId, anyKey)));
    expect(counted.queries).toBe(1);
    expect(
      answers.map((answer) => answer.signers.map((certificate) => certificate.kioskId)),
    ).toEqual([...newcomers.map((kiosk) => [kiosk.id]), []]);
    expect(answers.at(-1)?.known).toBe(0);
  });

  it('finds a kiosk’s signers by their keys, and none for a key that did not sign', async () => {
    const [kiosk] = world.kiosks as [(typeof world.kiosks)[0]];
    const keys = createKioskKeys(shop.services.db, world.trust.prefix);
    const data = new TextEncoder().encode('a receipt');
    const { sign } = await import('node:crypto');
    const signature = sign(null, data, kiosk.privateKey);
    const good = await keys.signers(kiosk.id, (publicKey) =>
      verifyEd25519(publicKey, data, signature),
    );
    expect(good.signers.map((certificate) => certificate.serial)).toEqual([kiosk.serial]);
    const forged = await keys.signers(kiosk.id, (publicKey) =>
      verifyEd25519(publicKey, new TextEncoder().encode('another receipt'), signature),
    );
    expect(forged).toEqual({ known: 1, signers: [] });
  });
});
