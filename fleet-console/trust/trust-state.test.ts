import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  revocationList,
  SAMPLE_SERIAL,
  signCertificateWith,
  signRevocationsWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { isTrustMessage, readMessages, type FleetMessage } from '../protocol/read-message';
import { message, PREFIX } from '../test/messages';
import { emptyTrust, foldTrust, MAX_CERTIFICATES_PER_KIOSK, RECENT_HANDOVERS } from './trust-state';

const operator = makeEnrolmentKey();
const kiosk = makeReceiptKey();
const RECEIPT = 'Receipt-1700000000000-42';
const NONCE = 'bm9uY2Utbm9uY2Utbm9uY2U';
const certificate = (serial = SAMPLE_SERIAL) =>
  signCertificateWith(
    certificateFields({ kioskId: 'kiosk-a', publicKey: kiosk.publicText, serial }),
    operator.privateKey,
  );
const request = { kioskId: 'kiosk-a', publicKey: kiosk.publicText, requestedAt: 5, version: '1.0' };
const record = (at: number, counter = 'Counter 1') => ({
  type: 'collected',
  claim: NONCE,
  counter,
  at,
});

/** Folds as the console does, each certificate marked as its gate would (certificate-gate.ts). */
function fold(messages: FleetMessage[], state = emptyTrust(), verified = true) {
  return foldTrust(
    state,
    readMessages(PREFIX, messages)
      .filter(isTrustMessage)
      .map((read) => (read.kind === 'certificate' ? { ...read, verified } : read)),
  );
}

describe('what the console reads of enrolment and handovers', () => {
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

  it('passes on the revocation list the broker offered last, never weighing a version it has not verified', () => {
    const list = (version: number, key = operator.privateKey) =>
      message('fleet/revocations', signRevocationsWith(revocationList([], { version }), key));
    // A list at the highest version, signed by anyone, does not shut out the genuine ones.
    const junk = fold([list(3), list(2 ** 31 - 1, makeEnrolmentKey().privateKey)]);
    expect(junk.revocations?.revocations.version).toBe(2 ** 31 - 1);
    expect(fold([list(4)], junk).revocations?.revocations.version).toBe(4);
  });

  it('lists the newest handover records, and the conflicts counters reported', () => {
    const records = Array.from({ length: RECENT_HANDOVERS + 3 }, (_, n) =>
      message(`handovers/kiosk-a/Receipt-1700000000000-${n}`, record(1000 + n)),
    );
    const state = fold([
      ...records,
      message(`handovers/kiosk-a/${RECEIPT}`, {
        type: 'claim',
        claim: NONCE,
        counter: 'Counter 2',
        at: 9,
      }),
      message(`handover-conflicts/kiosk-a/${RECEIPT}`, {
        type: 'conflict',
        counter: 'Counter 1',
        at: 5,
        found: { state: 'collected', counter: 'Counter 2', at: 4 },
        reportedAt: 6,
      }),
    ]);
    expect(state.handovers).toHaveLength(RECENT_HANDOVERS);
    expect(state.handovers[0]?.record.at).toBe(1000 + RECENT_HANDOVERS + 2);
    expect(state.conflicts.get(`kiosk-a/${RECEIPT}`)?.conflict.found.counter).toBe('Counter 2');
    const cleared = fold(
      [message(`handover-conflicts/kiosk-a/${RECEIPT}`, new Uint8Array())],
      state,
    );
    expect(cleared.conflicts.size).toBe(0);
  });

  it('reads random and mutated messages on every trust topic without throwing', () => {
    const topics = [
      'kiosks/kiosk-a/enrolment',
      `kiosks/kiosk-a/certificates/${SAMPLE_SERIAL}`,
      'fleet/revocations',
      `handovers/kiosk-a/${RECEIPT}`,
      `handover-conflicts/kiosk-a/${RECEIPT}`,
    ];
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
          expect(state.requests.size + state.conflicts.size).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
