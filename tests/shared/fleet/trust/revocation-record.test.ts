import { sign, webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ed25519Verifier } from '../../../../shared/fleet/receipt-code';
import {
  checkRevocationRecord,
  revocationFor,
  revocationRecordSchema,
  signRevocation,
} from '../../../../shared/fleet/trust/revocation-record';
import { fuzzParameters, hostilePayload } from '../../../support/fixtures/hostile-payloads';
import {
  makeEnrolmentKey,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
} from '../../../support/fixtures/kiosk-certificate';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;
const operator = makeEnrolmentKey();
const signer = {
  sign: (_a: unknown, key: typeof operator.privateKey, data: Uint8Array) =>
    Promise.resolve(sign(null, data, key)),
};
const fields = {
  fleet: SAMPLE_PREFIX,
  kioskId: 'kiosk-a',
  serial: SAMPLE_SERIAL,
  revokedAt: 1_700_000_000_000,
  reason: 'stolen',
};

describe('a revocation record', () => {
  it('verifies under the enrolment key for its own fleet only', async () => {
    const record = await signRevocation(fields, operator.privateKey, signer);
    expect(record.revocation.type).toBe('kiosk-revocation');
    expect(await checkRevocationRecord(record, SAMPLE_PREFIX, operator.publicText, subtle)).toBe(
      true,
    );
    expect(await checkRevocationRecord(record, 'other-shop', operator.publicText, subtle)).toBe(
      false,
    );
    expect(
      await checkRevocationRecord(record, SAMPLE_PREFIX, makeEnrolmentKey().publicText, subtle),
    ).toBe(false);
    const altered = { ...record, revocation: { ...record.revocation, kioskId: 'kiosk-b' } };
    expect(await checkRevocationRecord(altered, SAMPLE_PREFIX, operator.publicText, subtle)).toBe(
      false,
    );
    expect(revocationFor([record], 'kiosk-a', SAMPLE_SERIAL)).toBe(record);
    expect(revocationFor([record], 'kiosk-b', SAMPLE_SERIAL)).toBeNull();
  });

  it('reads only records of its exact shape, whatever arrives', async () => {
    const record = await signRevocation(fields, operator.privateKey, signer);
    await fc.assert(
      fc.asyncProperty(hostilePayload([JSON.stringify(record)]), async (bytes) => {
        let value: unknown;
        try {
          value = JSON.parse(new TextDecoder().decode(bytes));
        } catch {
          return;
        }
        const parsed = revocationRecordSchema.safeParse(value);
        if (parsed.success) {
          await expect(
            checkRevocationRecord(parsed.data, SAMPLE_PREFIX, operator.publicText, subtle),
          ).resolves.toBeTypeOf('boolean');
        }
      }),
      fuzzParameters(200),
    );
  }, 30_000);
});
