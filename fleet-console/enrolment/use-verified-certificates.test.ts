import { webcrypto } from 'node:crypto';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CertificateEnvelope } from '@shared/fleet/trust/kiosk-certificate';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signCertificateWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { certificateId } from './enrolment-rows';
import { useVerifiedCertificates } from './use-verified-certificates';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;
const operator = makeEnrolmentKey();
const genuine = signCertificateWith(
  certificateFields({ kioskId: 'kiosk-a', publicKey: makeReceiptKey().publicText }),
  operator.privateKey,
);
const one = (envelope: CertificateEnvelope) =>
  new Map([['kiosk-a', new Map([[SAMPLE_SERIAL, envelope]])]]);

describe('the certificates the enrolment view trusts', () => {
  it('are those that verify, and a genuine signature on other fields is checked afresh', async () => {
    const { result, rerender } = renderHook(
      ({ certificates }) =>
        useVerifiedCertificates(certificates, SAMPLE_PREFIX, operator.publicText, subtle),
      { initialProps: { certificates: one(genuine) } },
    );
    await waitFor(() =>
      expect([...result.current]).toEqual([certificateId('kiosk-a', SAMPLE_SERIAL)]),
    );
    // The same signature, another key for the kiosk: it must not ride on the earlier check.
    const swapped: CertificateEnvelope = {
      ...genuine,
      certificate: { ...genuine.certificate, publicKey: makeReceiptKey().publicText },
    };
    rerender({ certificates: one(swapped) });
    await waitFor(() => expect([...result.current]).toEqual([]));
  });
});
