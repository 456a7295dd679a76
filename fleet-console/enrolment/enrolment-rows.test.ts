// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CertificateEnvelope } from '@shared/fleet/trust/kiosk-certificate';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  SAMPLE_SERIAL,
  signCertificateWith,
  signRevocationRecordWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { certificateId, enrolmentRows } from './enrolment-rows';

const operator = makeEnrolmentKey();
const key = makeReceiptKey().publicText;
const request = (kioskId: string, publicKey = key, requestedAt = 1) => ({
  kioskId,
  publicKey,
  requestedAt,
  version: '1.0',
});
const certificate = (kioskId: string, serial = SAMPLE_SERIAL) =>
  signCertificateWith(certificateFields({ kioskId, publicKey: key, serial }), operator.privateKey);
const certificates = (...envelopes: CertificateEnvelope[]) =>
  new Map(
    envelopes.map((envelope) => [
      envelope.certificate.kioskId,
      new Map([[envelope.certificate.serial, envelope]]),
    ]),
  );

describe('the enrolment view’s rows', () => {
  it('list a kiosk as waiting until a verified, unrevoked certificate covers its key', () => {
    const requests = new Map([
      ['kiosk-a', request('kiosk-a', key, 2)],
      ['kiosk-b', request('kiosk-b', key, 1)],
    ]);
    const all = certificates(certificate('kiosk-a'));
    expect(enrolmentRows(requests, all, new Set(), [])).toMatchObject({
      waiting: [{ request: { kioskId: 'kiosk-b' } }, { request: { kioskId: 'kiosk-a' } }],
      enrolled: [],
      unverified: 1,
    });
    const verified = new Set([certificateId('kiosk-a', SAMPLE_SERIAL)]);
    expect(enrolmentRows(requests, all, verified, [])).toMatchObject({
      waiting: [{ request: { kioskId: 'kiosk-b' } }],
      enrolled: [{ certificate: { kioskId: 'kiosk-a' }, revoked: null }],
      unverified: 0,
    });
  });

  it('mark a request whose key was revoked, so it is not enrolled again', () => {
    const requests = new Map([['kiosk-a', request('kiosk-a')]]);
    const revoked = [
      signRevocationRecordWith(
        { kioskId: 'kiosk-a', serial: SAMPLE_SERIAL, revokedAt: 9 },
        operator.privateKey,
      ),
    ];
    const rows = enrolmentRows(
      requests,
      certificates(certificate('kiosk-a')),
      new Set([certificateId('kiosk-a', SAMPLE_SERIAL)]),
      revoked,
    );
    expect(rows.waiting).toMatchObject([{ revokedKey: true }]);
    expect(rows.enrolled).toMatchObject([{ revoked: { revokedAt: 9 } }]);
  });
});
