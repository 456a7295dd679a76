import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  certificateTopic,
  enrolmentRequestTopic,
  kioskCertificatesFilter,
  parseTrustTopic,
  revocationsTopic,
  trustSubscriptions,
} from '../../../../shared/fleet/trust/trust-topics';

const P = 'kiosk-shop';
const RECEIPT = 'Receipt-1700000000000-42';
const SERIAL = 'c2VyaWFsLW9uZS1vbmUx';

describe('the trust topics', () => {
  it('are built from checked parts and parsed back', () => {
    const cases = [
      [enrolmentRequestTopic(P, 'kiosk-a'), { kind: 'enrolment', kioskId: 'kiosk-a' }],
      [
        certificateTopic(P, 'kiosk-a', SERIAL),
        { kind: 'certificate', kioskId: 'kiosk-a', serial: SERIAL },
      ],
      [revocationsTopic(P), { kind: 'revocations' }],
    ] as const;
    for (const [topic, parsed] of cases) expect(parseTrustTopic(P, topic)).toEqual(parsed);
    expect(kioskCertificatesFilter(P, 'kiosk-a')).toBe('kiosk-shop/kiosks/kiosk-a/certificates/+');
    // The console reads enrolment here; handovers and the revocations it goes by are the
    // shop service's, and no handover topic is left to subscribe to.
    expect(trustSubscriptions(P)).toEqual([
      'kiosk-shop/kiosks/+/enrolment',
      'kiosk-shop/kiosks/+/certificates/+',
    ]);
  });

  it('never take a wildcard or a slash from an id or serial', () => {
    expect(() => certificateTopic(P, 'kiosk-a', '+')).toThrow();
    expect(() => certificateTopic(P, 'kiosk/a', SERIAL)).toThrow();
    expect(() => certificateTopic(P, 'all', SERIAL)).toThrow();
    expect(() => enrolmentRequestTopic('a/#', 'kiosk-a')).toThrow();
    expect(() => revocationsTopic('')).toThrow();
  });

  it('parse nothing of another prefix or shape', () => {
    for (const topic of [
      'other/kiosks/kiosk-a/enrolment',
      `${P}/kiosks/kiosk-a/status`,
      `${P}/kiosks/kiosk-a/certificates/+`,
      `${P}/kiosks/kiosk-a/certificates/${SERIAL}/x`,
      // The counters' handover topics of old: nothing reads them any more.
      `${P}/handovers/kiosk-a/${RECEIPT}`,
      `${P}/handovers/kiosk-a/${RECEIPT}/claim`,
      `${P}/handover-conflicts/kiosk-a/${RECEIPT}`,
      `${P}/fleet/config`,
    ]) {
      expect(parseTrustTopic(P, topic)).toBeNull();
    }
  });

  it('parse any topic without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (topic) => {
        const parsed = parseTrustTopic(P, `${P}/${topic}`);
        if (parsed && 'kioskId' in parsed) expect(parsed.kioskId).not.toMatch(/[+#/]/);
      }),
      { numRuns: 1000 },
    );
  });
});
