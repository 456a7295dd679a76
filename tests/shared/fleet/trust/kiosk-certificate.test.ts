import { webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCertificate,
  readCertificateMessage,
  readEnrolmentRequest,
  signCertificate,
  type CertificateEnvelope,
} from '../../../../shared/fleet/trust/kiosk-certificate';
import type { Ed25519Signer } from '../../../../shared/fleet/trust/operator-signature';
import type { Ed25519Verifier } from '../../../../shared/fleet/receipt-code';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  revocationList,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signCertificateWith,
  signRevocationsWith,
} from '../../../support/fixtures/kiosk-certificate';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey> & Ed25519Signer<CryptoKey>;
const operator = makeEnrolmentKey();
const kiosk = makeReceiptKey();
const certificate = certificateFields({ kioskId: 'kiosk-a', publicKey: kiosk.publicText });
const envelope = signCertificateWith(certificate, operator.privateKey);
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const place = { prefix: SAMPLE_PREFIX, kioskId: 'kiosk-a', serial: SAMPLE_SERIAL };

describe('a kiosk certificate', () => {
  it('verifies under the enrolment key it was signed with, for its fleet, kiosk and serial', async () => {
    const read = readCertificateMessage(bytes(envelope));
    expect(read).toEqual(envelope);
    expect(await checkCertificate(envelope, place, operator.publicText, subtle)).toEqual({
      ok: true,
      certificate,
    });
  });

  it('is refused under another key, another fleet, another kiosk or another serial', async () => {
    const stranger = makeEnrolmentKey();
    expect(await checkCertificate(envelope, place, stranger.publicText, subtle)).toMatchObject({
      reason: 'bad signature',
    });
    expect(
      await checkCertificate(
        envelope,
        { ...place, prefix: 'other-shop' },
        operator.publicText,
        subtle,
      ),
    ).toMatchObject({ reason: 'another fleet' });
    expect(
      await checkCertificate(
        envelope,
        { ...place, kioskId: 'kiosk-b' },
        operator.publicText,
        subtle,
      ),
    ).toMatchObject({ reason: 'another kiosk' });
    expect(
      await checkCertificate(
        envelope,
        { ...place, serial: 'another-serial-0001' },
        operator.publicText,
        subtle,
      ),
    ).toMatchObject({ reason: 'another serial' });
  });

  it('signed for one fleet does not verify when its fleet is changed to another', async () => {
    const moved: CertificateEnvelope = {
      ...envelope,
      certificate: { ...certificate, fleet: 'other-shop' },
    };
    expect(
      await checkCertificate(
        moved,
        { ...place, prefix: 'other-shop' },
        operator.publicText,
        subtle,
      ),
    ).toMatchObject({ ok: false, reason: 'bad signature' });
  });

  it('never verifies as a revocation list, nor a revocation list as a certificate', () => {
    // The same signature over a different type of object: the signed bytes name the type.
    const list = signRevocationsWith(revocationList([]), operator.privateKey);
    const asCertificate = readCertificateMessage(
      bytes({ certificate: list.revocations, signature: list.signature }),
    );
    expect(asCertificate).toBeNull();
  });

  it('is signed by signCertificate exactly as node:crypto signs it', async () => {
    const privateKey = await webcrypto.subtle.importKey(
      'pkcs8',
      operator.privateKey.export({ format: 'der', type: 'pkcs8' }),
      { name: 'Ed25519' },
      false,
      ['sign'],
    );
    const { type: _type, ...fields } = certificate;
    const signed = await signCertificate(fields, privateKey, subtle);
    expect(signed).toEqual(envelope);
    await expect(
      signCertificate({ ...fields, kioskId: 'all' }, privateKey, subtle),
    ).rejects.toThrow();
  });

  it('reads random and mutated messages without throwing, and never verifies a forgery', async () => {
    const valid = new TextEncoder().encode(JSON.stringify(envelope));
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
        const read = readCertificateMessage(input);
        if (read === null) return;
        const check = await checkCertificate(read, place, operator.publicText, subtle);
        // Only the certificate that was signed verifies, whatever else parses.
        if (check.ok) expect(check.certificate).toEqual(certificate);
      }),
      { numRuns: 300 },
    );
  });
});

describe('an enrolment request', () => {
  const request = {
    kioskId: 'kiosk-a',
    publicKey: kiosk.publicText,
    requestedAt: 1,
    version: '1.0',
  };

  it('is read with exactly its fields', () => {
    expect(readEnrolmentRequest(bytes(request))).toEqual(request);
    expect(readEnrolmentRequest(bytes({ ...request, code: '1234' }))).toBeNull();
    expect(readEnrolmentRequest(bytes({ ...request, kioskId: '+' }))).toBeNull();
    expect(readEnrolmentRequest(bytes({ ...request, publicKey: 'short' }))).toBeNull();
    expect(readEnrolmentRequest(new Uint8Array(2000).fill(32))).toBeNull();
  });

  it('reads random and mutated messages without throwing', () => {
    const valid = bytes(request);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 1200 }),
          fc.nat({ max: valid.length - 1 }).map((index) => {
            const copy = new Uint8Array(valid);
            copy[index] = (copy[index] ?? 0) ^ 0x20;
            return copy;
          }),
        ),
        (input) => {
          const read = readEnrolmentRequest(input);
          if (read !== null) expect(read.kioskId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
