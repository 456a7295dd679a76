// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  SAMPLE_SERIAL,
  signCertificateWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { isTrustMessage, readMessages, type FleetMessage } from '../protocol/read-message';
import { message, PREFIX } from '../test/messages';
import { emptyTrust, foldTrust, MAX_CERTIFICATES_PER_KIOSK } from './trust-state';

const operator = makeEnrolmentKey();
const kiosk = makeReceiptKey();
const certificate = (serial = SAMPLE_SERIAL) =>
  signCertificateWith(
    certificateFields({ kioskId: 'kiosk-a', publicKey: kiosk.publicText, serial }),
    operator.privateKey,
  );
const request = { kioskId: 'kiosk-a', publicKey: kiosk.publicText, requestedAt: 5, version: '1.0' };

/** Folds as the console does, each certificate marked as its gate would (certificate-gate.ts). */
function fold(messages: FleetMessage[], state = emptyTrust(), verified = true) {
  return foldTrust(
    state,
    readMessages(PREFIX, messages)
      .filter(isTrustMessage)
      .map((read) => (read.kind === 'certificate' ? { ...read, verified } : read)),
  );
}

describe('what the console reads of enrolment', () => {
  it('keeps waiting kiosks until their request is withdrawn', () => {
    const waiting = fold([message('kiosks/kiosk-a/enrolment', request)]);
    expect(waiting.requests.get('kiosk-a')).toEqual(request);
    expect(
      fold([message('kiosks/kiosk-a/enrolment', new Uint8Array())], waiting).requests.size,
    ).toBe(0);
  });

  it('refuses a request that names another kiosk than its topic', () => {
    const state = fold([message('kiosks/kiosk-b/enrolment', request)]);
    expect(state.requests.size).toBe(0);
    expect(state.ignored).toBe(1);
  });

  it('keeps every certificate per kiosk and serial, and forgets a withdrawn one', () => {
    const second = 'second-serial-0002';
    const state = fold([
      message(`kiosks/kiosk-a/certificates/${SAMPLE_SERIAL}`, certificate()),
      message(`kiosks/kiosk-a/certificates/${second}`, certificate(second)),
    ]);
    expect([...(state.certificates.get('kiosk-a')?.keys() ?? [])]).toEqual([SAMPLE_SERIAL, second]);
    const withdrawn = fold(
      [message(`kiosks/kiosk-a/certificates/${second}`, new Uint8Array())],
      state,
    );
    expect([...(withdrawn.certificates.get('kiosk-a')?.keys() ?? [])]).toEqual([SAMPLE_SERIAL]);
  });

  it('bounds the certificates kept for one kiosk', () => {
    const many = Array.from({ length: MAX_CERTIFICATES_PER_KIOSK + 5 }, (_, n) => {
      const serial = `serial-${String(n).padStart(12, '0')}`;
      return message(`kiosks/kiosk-a/certificates/${serial}`, certificate(serial));
    });
    expect(fold(many).certificates.get('kiosk-a')?.size).toBe(MAX_CERTIFICATES_PER_KIOSK);
  });

  it('keeps only certificates that verified, so any number that do not can never push out a genuine one', () => {
    const stranger = makeEnrolmentKey();
    const junk = Array.from({ length: MAX_CERTIFICATES_PER_KIOSK + 10 }, (_, n) => {
      const serial = `junk-serial-${String(n).padStart(8, '0')}`;
      return message(
        `kiosks/kiosk-a/certificates/${serial}`,
        signCertificateWith(
          certificateFields({ kioskId: 'kiosk-a', publicKey: kiosk.publicText, serial }),
          stranger.privateKey,
        ),
      );
    });
    const flooded = fold(junk, emptyTrust(), false);
    expect(flooded.certificates.size).toBe(0);
    expect(flooded.unverified.size).toBe(MAX_CERTIFICATES_PER_KIOSK + 10);
    const genuine = fold(
      [message(`kiosks/kiosk-a/certificates/${SAMPLE_SERIAL}`, certificate())],
      flooded,
    );
    expect([...(genuine.certificates.get('kiosk-a')?.keys() ?? [])]).toEqual([SAMPLE_SERIAL]);
    // Junk published later at the genuine one's serial does not replace it either.
    const replaced = fold(
      [message(`kiosks/kiosk-a/certificates/${SAMPLE_SERIAL}`, junk[0]?.payload ?? '')],
      genuine,
      false,
    );
    expect(replaced.certificates.get('kiosk-a')?.get(SAMPLE_SERIAL)).toEqual(certificate());
  });

  it('reads random and mutated messages on every trust topic without throwing', () => {
    const topics = ['kiosks/kiosk-a/enrolment', `kiosks/kiosk-a/certificates/${SAMPLE_SERIAL}`];
    const valid = new TextEncoder().encode(JSON.stringify(certificate()));
    fc.assert(
      fc.property(
        fc.constantFrom(...topics),
        fc.oneof(
          fc.uint8Array({ maxLength: 3000 }),
          fc.jsonValue().map((value) => new TextEncoder().encode(JSON.stringify(value))),
          fc.nat({ max: valid.length - 1 }).map((index) => {
            const copy = new Uint8Array(valid);
            copy[index] = (copy[index] ?? 0) ^ 0x04;
            return copy;
          }),
        ),
        (topic, payload) => {
          const state = fold([message(topic, payload)]);
          expect(state.requests.size + state.certificates.size).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
