/**
 * Answers as the shop service gives them (docs/services/shop-service.md), for the console's
 * tests: seeds of the fuzzed readers and the fake service's replies.
 */
import type { Conflict, Handover } from '../service/service-answers';
import { SAMPLE_SERIAL } from '../../tests/support/fixtures/kiosk-certificate';
import { SAMPLE_KIOSK_ID, SAMPLE_RECEIPT } from '../../tests/support/fixtures/receipt';

export const HANDOVER_ID = 'aGFuZG92ZXItaWQtb25lMQ';
export const OTHER_HANDOVER_ID = 'b3RoZXItaGFuZG92ZXItaWQ';

export const sampleHandover = (overrides: Partial<Handover> = {}): Handover => ({
  kioskId: SAMPLE_KIOSK_ID,
  receiptId: SAMPLE_RECEIPT.r,
  handoverId: OTHER_HANDOVER_ID,
  counter: 'Counter 2',
  at: SAMPLE_RECEIPT.t + 120_000,
  recordedAt: SAMPLE_RECEIPT.t + 120_010,
  mode: 'online',
  ...overrides,
});

export const sampleCheck = (handover: Handover | null = null) => ({
  receipt: { ...SAMPLE_RECEIPT, i: SAMPLE_RECEIPT.i.map(([id, quantity]) => [id, quantity]) },
  certificate: { serial: SAMPLE_SERIAL, store: 'Main street' },
  handover,
});

export const sampleConflict = (overrides: Partial<Conflict> = {}): Conflict => ({
  id: 7,
  kioskId: SAMPLE_KIOSK_ID,
  receiptId: SAMPLE_RECEIPT.r,
  first: sampleHandover(),
  second: {
    handoverId: HANDOVER_ID,
    counter: 'Counter 1',
    at: SAMPLE_RECEIPT.t + 180_000,
    mode: 'offline',
    recordedAt: SAMPLE_RECEIPT.t + 600_000,
  },
  dismissedAt: null,
  dismissedBy: null,
  ...overrides,
});

export const sampleRefusal = {
  error: 'receipt-refused',
  refusal: 'revoked',
  title: 'Certificate revoked',
  message: 'The certificate that signed this receipt was revoked on 2023-11-20 (stolen).',
};

export const sampleStaff = { username: 'counter-1', name: 'Counter 1', role: 'counter' };
