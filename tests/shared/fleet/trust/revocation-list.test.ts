import { webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ed25519Signer } from '../../../../shared/fleet/trust/operator-signature';
import type { Ed25519Verifier } from '../../../../shared/fleet/receipt-code';
import {
  checkRevocationList,
  MAX_REVOCATIONS,
  readRevocationMessage,
  revocationListOf,
  revocationOf,
  signRevocationList,
} from '../../../../shared/fleet/trust/revocation-list';
import {
  makeEnrolmentKey,
  revocationList,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signRevocationsWith,
} from '../../../support/fixtures/kiosk-certificate';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey> & Ed25519Signer<CryptoKey>;
const operator = makeEnrolmentKey();
const entry = { kioskId: 'kiosk-a', serial: SAMPLE_SERIAL, revokedAt: 1_700_000_050_000 };
const list = revocationList([entry], { version: 3 });
const envelope = signRevocationsWith(list, operator.privateKey);
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('the revocation list', () => {
  it('verifies under the enrolment key for its own fleet only', async () => {
    expect(readRevocationMessage(bytes(envelope))).toEqual(envelope);
    expect(await checkRevocationList(envelope, SAMPLE_PREFIX, operator.publicText, subtle)).toBe(
      true,
    );
    expect(await checkRevocationList(envelope, 'other-shop', operator.publicText, subtle)).toBe(
      false,
    );
    expect(
      await checkRevocationList(envelope, SAMPLE_PREFIX, makeEnrolmentKey().publicText, subtle),
    ).toBe(false);
    const moved = { ...envelope, revocations: { ...list, fleet: 'other-shop' } };
    expect(await checkRevocationList(moved, 'other-shop', operator.publicText, subtle)).toBe(false);
  });

  it('names the entry that revokes a certificate, by kiosk and serial', () => {
    expect(revocationOf(list, 'kiosk-a', SAMPLE_SERIAL)).toEqual(entry);
    expect(revocationOf(list, 'kiosk-b', SAMPLE_SERIAL)).toBeNull();
    expect(revocationOf(list, 'kiosk-a', 'another-serial-01')).toBeNull();
    expect(revocationOf(null, 'kiosk-a', SAMPLE_SERIAL)).toBeNull();
  });

  it('is made from a set of revocations, one version per entry, and signed as node:crypto signs it', async () => {
    const added = { kioskId: 'kiosk-b', serial: 'second-serial-0002', revokedAt: 5 };
    const next = revocationListOf([entry, added, entry], SAMPLE_PREFIX, 9);
    // Oldest first, one entry per serial: the same set gives the same list, whoever made it.
    expect(next).toMatchObject({ version: 2, issuedAt: 9, revoked: [added, entry] });
    expect(revocationListOf([added, entry], SAMPLE_PREFIX, 9).revoked).toEqual(next.revoked);
    // A set that grew gives a higher version: a kiosk never takes the smaller one back.
    const more = { kioskId: 'kiosk-c', serial: 'third-serial-00003', revokedAt: 7 };
    expect(revocationListOf([entry, added, more], SAMPLE_PREFIX, 9).version).toBe(3);
    expect(() => revocationListOf([], SAMPLE_PREFIX, 9)).toThrow();
    const privateKey = await webcrypto.subtle.importKey(
      'pkcs8',
      operator.privateKey.export({ format: 'der', type: 'pkcs8' }),
      { name: 'Ed25519' },
      false,
      ['sign'],
    );
    expect(await signRevocationList(next, privateKey, subtle)).toEqual(
      signRevocationsWith(next, operator.privateKey),
    );
  });

  it('refuses a repeated serial, too many entries, and version 0', () => {
    expect(
      readRevocationMessage(
        bytes({ ...envelope, revocations: { ...list, revoked: [entry, entry] } }),
      ),
    ).toBeNull();
    const many = Array.from({ length: MAX_REVOCATIONS + 1 }, (_, n) => ({
      ...entry,
      serial: `serial-${String(n).padStart(12, '0')}`,
    }));
    expect(
      readRevocationMessage(bytes({ ...envelope, revocations: { ...list, revoked: many } })),
    ).toBeNull();
    expect(
      readRevocationMessage(bytes({ ...envelope, revocations: { ...list, version: 0 } })),
    ).toBeNull();
  });

  it('reads random and mutated messages without throwing, and never verifies a forgery', async () => {
    const valid = bytes(envelope);
    const mutated = fc
      .array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 4,
      })
      .map((changes) => {
        const copy = new Uint8Array(valid);
        for (const [index, value] of changes) copy[index] = value;
        return copy;
      });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 3000 }), mutated), async (input) => {
        const read = readRevocationMessage(input);
        if (read === null) return;
        if (await checkRevocationList(read, SAMPLE_PREFIX, operator.publicText, subtle)) {
          expect(read.revocations).toEqual(list);
        }
      }),
      { numRuns: 300 },
    );
  });
});
