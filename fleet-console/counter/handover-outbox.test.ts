/**
 * The counter's outbox of handovers made without the shop service's word: kept across a
 * reload, read back strictly (fuzzed), sent oldest first once the service answers, each
 * removed only once the service has it (recorded, or kept beside the first as a conflict),
 * and never lost to a service that cannot be reached or a session that ended.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeReceiptKey } from '../../tests/support/fixtures/kiosk-certificate';
import { fuzzParameters } from '../../tests/support/fixtures/hostile-payloads';
import {
  SAMPLE_KIOSK_ID,
  SAMPLE_RECEIPT,
  signedReceiptCode,
} from '../../tests/support/fixtures/receipt';
import { useServiceSession } from '../service/service-session';
import { answer, fakeService, UNREACHABLE, type ServiceCall } from '../test/fake-service';
import { hostileJson } from '../test/hostile-json';
import {
  HANDOVER_ID,
  OTHER_HANDOVER_ID,
  sampleConflict,
  sampleHandover,
} from '../test/service-samples';
import {
  addToOutbox,
  MAX_OUTBOX,
  openOutbox,
  outboxStorageKey,
  parseOutbox,
  sendOutbox,
  useOutbox,
  type OutboxEntry,
} from './handover-outbox';

const kiosk = makeReceiptKey();
const SECOND = { ...SAMPLE_RECEIPT, r: 'Receipt-1700000000001-7' };
const entry: OutboxEntry = {
  code: signedReceiptCode(SAMPLE_RECEIPT, kiosk.privateKey),
  handoverId: HANDOVER_ID,
  at: 1_700_000_100_000,
  mode: 'offline',
  kioskId: SAMPLE_KIOSK_ID,
  receiptId: SAMPLE_RECEIPT.r,
  counter: 'Counter 1',
};
const second: OutboxEntry = {
  ...entry,
  code: signedReceiptCode(SECOND, kiosk.privateKey),
  handoverId: OTHER_HANDOVER_ID,
  receiptId: SECOND.r,
};

/** A page opened afresh: what the outbox knows is what this browser kept. */
function reload(prefix = 'kiosk-shop'): void {
  useOutbox.setState({ prefix: null, entries: [], kept: true, outcomes: new Map(), problem: null });
  openOutbox(prefix);
}

afterEach(() => {
  useOutbox.setState({ prefix: null, entries: [], kept: true, outcomes: new Map(), problem: null });
});

describe('the counter’s outbox', () => {
  it('keeps a handover made without the service across a reload, per fleet, one per receipt', () => {
    reload();
    expect(addToOutbox(entry)).toBe(entry);
    // The same receipt handed over "anyway" again is the first handover, not a second.
    expect(addToOutbox({ ...entry, handoverId: OTHER_HANDOVER_ID })).toBe(entry);
    reload();
    expect(useOutbox.getState().entries).toEqual([entry]);
    reload('other-shop');
    expect(useOutbox.getState().entries).toEqual([]);
  });

  it('says when this browser cannot keep it (storage refused)', () => {
    reload();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    addToOutbox(entry);
    setItem.mockRestore();
    warn.mockRestore();
    expect(useOutbox.getState()).toMatchObject({ kept: false, entries: [entry] });
  });

  it('reads back only entries that are ones, whose code names their receipt', () => {
    const stored = [
      entry,
      { ...entry, handoverId: 'short' },
      { ...second, receiptId: SAMPLE_RECEIPT.r, handoverId: 'c2Vjb25kLXdyb25nLXJlY2VpcHQ' },
      { ...entry, extra: 1 },
      entry,
      second,
      'x',
    ];
    expect(parseOutbox(stored)).toEqual([entry, second]);
    localStorage.setItem(outboxStorageKey('kiosk-shop'), '{broken');
    reload();
    expect(useOutbox.getState().entries).toEqual([]);
    expect(parseOutbox(Array.from({ length: MAX_OUTBOX + 3 }, () => entry))).toHaveLength(1);
  });

  it('reads random and mutated storage without throwing, and keeps only well-formed entries', () => {
    fc.assert(
      fc.property(hostileJson([[entry, second]]), (value) => {
        for (const read of parseOutbox(value)) {
          expect([entry.receiptId, second.receiptId]).toContain(read.receiptId);
          expect(read.kioskId).toBe(SAMPLE_KIOSK_ID);
        }
      }),
      fuzzParameters(300),
    );
  }, 30_000);

  it('sends oldest first once the service answers, and removes each only once the service has it', async () => {
    reload();
    addToOutbox(entry);
    addToOutbox(second);
    const service = fakeService(({ body }: ServiceCall) => {
      const { handoverId } = body as OutboxEntry;
      return handoverId === HANDOVER_ID
        ? answer(201, {
            outcome: 'recorded',
            handover: sampleHandover({ handoverId, mode: 'offline' }),
          })
        : answer(201, {
            outcome: 'conflict',
            handover: sampleHandover(),
            conflict: sampleConflict(),
          });
    });
    await sendOutbox(service);
    expect(service.calls.map(({ body }) => (body as OutboxEntry).handoverId)).toEqual([
      HANDOVER_ID,
      OTHER_HANDOVER_ID,
    ]);
    expect(service.calls[0]?.body).toEqual({
      code: entry.code,
      handoverId: HANDOVER_ID,
      at: entry.at,
      mode: 'offline',
    });
    const state = useOutbox.getState();
    expect(state.entries).toEqual([]);
    expect(state.outcomes.get(HANDOVER_ID)).toMatchObject({ kind: 'recorded' });
    expect(state.outcomes.get(OTHER_HANDOVER_ID)).toMatchObject({ kind: 'conflict' });
    reload();
    expect(useOutbox.getState().entries).toEqual([]);
  });

  it('keeps everything while the service cannot be reached or the page is not signed in', async () => {
    reload();
    addToOutbox(entry);
    await sendOutbox(fakeService(() => UNREACHABLE));
    expect(useOutbox.getState()).toMatchObject({
      entries: [entry],
      problem: 'the shop service cannot be reached',
    });
    useServiceSession.setState({ phase: 'signed-in' });
    await sendOutbox(fakeService(() => answer(401, {})));
    expect(useOutbox.getState().entries).toEqual([entry]);
    expect(useServiceSession.getState().phase).toBe('signed-out');
  });

  it('gives up on an entry the service will never take, saying why', async () => {
    reload();
    addToOutbox(entry);
    await sendOutbox(
      fakeService(() =>
        answer(422, {
          error: 'receipt-refused',
          refusal: 'too-old',
          title: 'Receipt too old',
          message: 'This receipt is more than 14 days old.',
        }),
      ),
    );
    expect(useOutbox.getState().entries).toEqual([]);
    expect(useOutbox.getState().outcomes.get(HANDOVER_ID)).toEqual({
      kind: 'not-taken',
      message: 'This receipt is more than 14 days old.',
    });
  });
});
