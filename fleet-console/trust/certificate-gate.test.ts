// @vitest-environment node
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signCertificateWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { isTrustMessage, readMessages } from '../protocol/read-message';
import { message } from '../test/messages';
import { createCertificateGate } from './certificate-gate';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;
const operator = makeEnrolmentKey();
const kiosk = makeReceiptKey();
const signed = (key = operator.privateKey, overrides: object = {}) =>
  signCertificateWith(
    certificateFields({ kioskId: 'kiosk-a', publicKey: kiosk.publicText, ...overrides }),
    key,
  );
const read = (serial: string, payload: unknown) =>
  readMessages(SAMPLE_PREFIX, [message(`kiosks/kiosk-a/certificates/${serial}`, payload)]).filter(
    isTrustMessage,
  );

describe('the certificate gate', () => {
  it('passes a certificate as verified only when it verifies under the pinned key, for this fleet, kiosk and serial', async () => {
    const gate = createCertificateGate(SAMPLE_PREFIX, operator.publicText, subtle);
    const cases: [unknown, string, boolean][] = [
      [signed(), SAMPLE_SERIAL, true],
      [signed(makeEnrolmentKey().privateKey), SAMPLE_SERIAL, false],
      [signed(operator.privateKey, { fleet: 'other-shop' }), SAMPLE_SERIAL, false],
      [signed(operator.privateKey, { kioskId: 'kiosk-b' }), SAMPLE_SERIAL, false],
      [signed(), 'another-serial-0001', false],
    ];
    for (const [payload, serial, verified] of cases) {
      expect(await gate(read(serial, payload))).toMatchObject([{ kind: 'certificate', verified }]);
    }
  });

  it('verifies nothing without a pinned key or WebCrypto, and passes other messages as they are', async () => {
    const messages = read(SAMPLE_SERIAL, signed());
    for (const gate of [
      createCertificateGate(SAMPLE_PREFIX, '', subtle),
      createCertificateGate(SAMPLE_PREFIX, operator.publicText, null),
    ]) {
      expect(await gate(messages)).toMatchObject([{ verified: false }]);
    }
    const other = readMessages(SAMPLE_PREFIX, [
      message(`kiosks/kiosk-a/certificates/${SAMPLE_SERIAL}`, new Uint8Array()),
    ]).filter(isTrustMessage);
    const gate = createCertificateGate(SAMPLE_PREFIX, operator.publicText, subtle);
    expect(await gate(other)).toEqual(other);
  });
});
