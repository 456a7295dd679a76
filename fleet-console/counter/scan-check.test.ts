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
  signRevocationRecordWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import {
  SAMPLE_KIOSK_ID,
  SAMPLE_RECEIPT,
  signedReceiptCode,
} from '../../tests/support/fixtures/receipt';
import { answer, fakeService, UNREACHABLE } from '../test/fake-service';
import { HANDOVER_ID, sampleCheck, sampleHandover, sampleRefusal } from '../test/service-samples';
import { DAY_MS } from './check-receipt';
import type { OutboxEntry } from './handover-outbox';
import { scanCheck, type ScanContext } from './scan-check';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;
const operator = makeEnrolmentKey();
const kiosk = makeReceiptKey();
const CODE = signedReceiptCode(SAMPLE_RECEIPT, kiosk.privateKey);
const certificate = signCertificateWith(
  certificateFields({ kioskId: SAMPLE_KIOSK_ID, publicKey: kiosk.publicText }),
  operator.privateKey,
);
const FETCHED = SAMPLE_RECEIPT.t - 3_600_000;

function context(overrides: Partial<ScanContext> = {}): ScanContext {
  return {
    client: fakeService(() => UNREACHABLE),
    prefix: SAMPLE_PREFIX,
    enrolmentKey: operator.publicText,
    holdMs: 14 * DAY_MS,
    subtle,
    trust: {
      certificates: [certificate],
      revocations: [],
      certificatesFrom: FETCHED,
      revocationsFrom: FETCHED,
    },
    outbox: [],
    now: SAMPLE_RECEIPT.t + 60_000,
    ...overrides,
  };
}

describe('what a scan shows', () => {
  it('goes by the shop service: the receipt, and whether it was handed over', async () => {
    const fresh = context({ client: fakeService(() => answer(200, sampleCheck())) });
    expect(await scanCheck(` ${CODE}\n`, fresh)).toMatchObject({
      kind: 'shown',
      code: CODE,
      verdict: { kind: 'verified', store: 'Main street', receipt: { r: SAMPLE_RECEIPT.r } },
      checkedHere: null,
      handover: { phase: 'ready' },
    });
    const collected = context({
      client: fakeService(() => answer(200, sampleCheck(sampleHandover()))),
    });
    expect(await scanCheck(CODE, collected)).toMatchObject({
      handover: { phase: 'collected', handover: { counter: 'Counter 2' } },
    });
    const refused = context({ client: fakeService(() => answer(422, sampleRefusal)) });
    expect(await scanCheck(CODE, refused)).toMatchObject({
      verdict: { kind: 'refused', title: 'Certificate revoked', reason: sampleRefusal.message },
      handover: null,
    });
    const signedOut = context({ client: fakeService(() => answer(401, {})) });
    expect(await scanCheck(CODE, signedOut)).toEqual({ kind: 'signed-out' });
  });

  it('shows a handover made here and not yet sent, rather than the Hand over button', async () => {
    const waiting: OutboxEntry = {
      code: CODE,
      handoverId: HANDOVER_ID,
      at: SAMPLE_RECEIPT.t + 30_000,
      mode: 'offline',
      kioskId: SAMPLE_KIOSK_ID,
      receiptId: SAMPLE_RECEIPT.r,
      counter: 'Counter 1',
    };
    const online = context({
      client: fakeService(() => answer(200, sampleCheck())),
      outbox: [waiting],
    });
    expect(await scanCheck(CODE, online)).toMatchObject({
      handover: { phase: 'queued', entry: waiting },
    });
    expect(await scanCheck(CODE, context({ outbox: [waiting] }))).toMatchObject({
      handover: { phase: 'queued', entry: waiting },
    });
  });

  it('checks the code here while the service cannot be reached, and leaves the handover to staff', async () => {
    expect(await scanCheck(CODE, context())).toMatchObject({
      verdict: { kind: 'verified', store: 'Main street' },
      checkedHere: 'the shop service cannot be reached',
      handover: { phase: 'unconfirmed', why: 'the shop service cannot be reached', from: 'check' },
    });
  });

  it('refuses offline a receipt its copy of the revocations names', async () => {
    const revoked = signRevocationRecordWith(
      { kioskId: SAMPLE_KIOSK_ID, serial: SAMPLE_SERIAL, reason: 'stolen' },
      operator.privateKey,
    );
    const trust = { ...context().trust, revocations: [revoked] };
    expect(await scanCheck(CODE, context({ trust }))).toMatchObject({
      verdict: { kind: 'refused', title: 'Certificate revoked' },
      handover: null,
    });
  });

  it('refuses every code offline on a counter that never had a copy: it cannot tell a revoked kiosk', async () => {
    for (const trust of [
      { ...context().trust, revocationsFrom: null },
      { ...context().trust, certificatesFrom: null },
    ]) {
      expect(await scanCheck(CODE, context({ trust }))).toMatchObject({
        verdict: { kind: 'refused', title: 'Cannot check receipts here now' },
        handover: null,
      });
    }
    expect(await scanCheck(CODE, context({ client: null }))).toMatchObject({
      checkedHere: 'no shop service is set (Connection)',
    });
  });
});
