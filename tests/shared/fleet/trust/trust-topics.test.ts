import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  certificateTopic,
  enrolmentRequestTopic,
  handoverClaimTopic,
  handoverConflictTopic,
  handoverTopic,
  kioskCertificatesFilter,
  parseTrustTopic,
  revocationsTopic,
  trustSubscriptions,
} from '../../../../shared/fleet/trust/trust-topics';

const P = 'kiosk-shop';
const RECEIPT = 'Receipt-1700000000000-42';
const SERIAL = 'c2VyaWFsLW9uZS1vbmUx';

describe('the trust and handover topics', () => {
  it('are built from checked parts and parsed back', () => {
    const cases = [
      [enrolmentRequestTopic(P, 'kiosk-a'), { kind: 'enrolment', kioskId: 'kiosk-a' }],
      [
        certificateTopic(P, 'kiosk-a', SERIAL),
        { kind: 'certificate', kioskId: 'kiosk-a', serial: SERIAL },
      ],
      [revocationsTopic(P), { kind: 'revocations' }],
      [
        handoverTopic(P, 'kiosk-a', RECEIPT),
        { kind: 'handover', kioskId: 'kiosk-a', receiptId: RECEIPT },
      ],
      [
        handoverClaimTopic(P, 'kiosk-a', RECEIPT),
        { kind: 'handover-claim', kioskId: 'kiosk-a', receiptId: RECEIPT },
      ],
      [
        handoverConflictTopic(P, 'kiosk-a', RECEIPT),
        { kind: 'handover-conflict', kioskId: 'kiosk-a', receiptId: RECEIPT },
      ],
    ] as const;
    for (const [topic, parsed] of cases) expect(parseTrustTopic(P, topic)).toEqual(parsed);
    expect(kioskCertificatesFilter(P, 'kiosk-a')).toBe('kiosk-shop/kiosks/kiosk-a/certificates/+');
    expect(trustSubscriptions(P)).toContain('kiosk-shop/handovers/+/+');
  });

  it('never take a wildcard or a slash from an id, serial or receipt', () => {
    expect(() => certificateTopic(P, 'kiosk-a', '+')).toThrow();
    expect(() => certificateTopic(P, 'kiosk/a', SERIAL)).toThrow();
    expect(() => handoverTopic(P, 'kiosk-a', 'Receipt-1-1/#')).toThrow();
    expect(() => handoverTopic(P, 'all', RECEIPT)).toThrow();
    expect(() => enrolmentRequestTopic('a/#', 'kiosk-a')).toThrow();
    expect(() => revocationsTopic('')).toThrow();
  });

  it('parse nothing of another prefix or shape', () => {
    for (const topic of [
      'other/kiosks/kiosk-a/enrolment',
      `${P}/kiosks/kiosk-a/status`,
      `${P}/kiosks/kiosk-a/certificates/+`,
      `${P}/kiosks/kiosk-a/certificates/${SERIAL}/x`,
      `${P}/handovers/kiosk-a/not-a-receipt`,
      `${P}/handovers/all/${RECEIPT}`,
      `${P}/handovers/kiosk-a/${RECEIPT}/other`,
      `${P}/handover-conflicts/kiosk-a/${RECEIPT}/claim`,
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
