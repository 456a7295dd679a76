// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IsRevoked } from '@shared/fleet/trust/certified-groups';
import type { CertificateEnvelope } from '@shared/fleet/trust/kiosk-certificate';
import { certifiedChanges, certifiedKiosks, createCertifier } from './certified-kiosks';

type Certificates = Map<string, ReadonlyMap<string, CertificateEnvelope>>;

const envelope = (kioskId: string, serial: string, store: string, issuedAt: number) =>
  ({
    certificate: {
      type: 'kiosk-certificate',
      fleet: 'fleet',
      kioskId,
      publicKey: 'key',
      store,
      region: `region-of-${store}`,
      issuedAt,
      serial,
    },
    signature: 'signature',
  }) as unknown as CertificateEnvelope;

const KIOSKS = ['k-1', 'k-2', 'k-3', 'k-4'];
const SERIALS = ['serial-aaaaaaaaaaaaaaa1', 'serial-aaaaaaaaaaaaaaa2'];
const nobodyRevoked: IsRevoked = () => false;

/** One batch of the trust state: a certificate kept, or one a kiosk no longer has. */
const step = fc.record({
  kioskId: fc.constantFrom(...KIOSKS),
  serial: fc.constantFrom(...SERIALS),
  store: fc.constantFrom('store-a', 'store-b'),
  issuedAt: fc.integer({ min: 1, max: 5 }),
  remove: fc.boolean(),
});

/** As the trust state folds: a new map, each untouched kiosk's certificates the same object. */
type Change = typeof step extends fc.Arbitrary<infer T> ? T : never;

function apply(certificates: Certificates, change: Change): Certificates {
  const next = new Map(certificates);
  const known = new Map(certificates.get(change.kioskId));
  if (change.remove) known.delete(change.serial);
  else
    known.set(
      change.serial,
      envelope(change.kioskId, change.serial, change.store, change.issuedAt),
    );
  if (known.size === 0) next.delete(change.kioskId);
  else next.set(change.kioskId, known);
  return next;
}

describe('the certifier that works out only what changed', () => {
  it('answers as certifiedKiosks after every batch, and after new revocations', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(step, { maxLength: 4 }), { minLength: 1, maxLength: 10 }),
        fc.nat(9),
        (batches, revokeAt) => {
          const certify = createCertifier();
          let certificates: Certificates = new Map();
          let isRevoked = nobodyRevoked;
          batches.forEach((batch, index) => {
            for (const change of batch) certificates = apply(certificates, change);
            if (index === revokeAt) {
              isRevoked = (kioskId, serial) => kioskId === 'k-1' && serial === SERIALS[1];
            }
            expect(certify(certificates, isRevoked)).toEqual(
              certifiedKiosks(certificates, isRevoked),
            );
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the same answer for the same state, and tells the worker only what changed', () => {
    const certify = createCertifier();
    const first: Certificates = new Map([
      [
        'k-1',
        new Map([[SERIALS[0] as string, envelope('k-1', SERIALS[0] as string, 'store-a', 1)]]),
      ],
      [
        'k-2',
        new Map([[SERIALS[0] as string, envelope('k-2', SERIALS[0] as string, 'store-a', 1)]]),
      ],
    ]);
    const before = certify(first, nobodyRevoked);
    expect(certify(first, nobodyRevoked)).toBe(before);
    const second = apply(first, {
      kioskId: 'k-2',
      serial: SERIALS[1] as string,
      store: 'store-b',
      issuedAt: 2,
      remove: false,
    });
    expect(certifiedChanges(before, certify(second, nobodyRevoked))).toEqual([
      ['k-2', { store: 'store-b', region: 'region-of-store-b', serial: SERIALS[1] }],
    ]);
  });
});
