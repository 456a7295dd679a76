import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueuedHandover } from './handover-desk';
import { browserQueueStore, parseQueue, queueStorageKey } from './handover-queue-store';

const entry: QueuedHandover = {
  kioskId: 'kiosk-a',
  receiptId: 'Receipt-1700000000000-42',
  counter: 'Counter 1',
  at: 1_700_000_000_000,
  claim: 'bm9uY2Utbm9uY2Utbm9uY2U',
  reason: 'offline',
};

describe('the handover queue in localStorage', () => {
  it('is kept per fleet and read back', () => {
    expect(browserQueueStore('shop-a').save([entry])).toBe(true);
    expect(browserQueueStore('shop-a').load()).toEqual([entry]);
    expect(browserQueueStore('shop-b').load()).toEqual([]);
    expect(browserQueueStore('__proto__').save([entry])).toBe(true);
    expect(browserQueueStore('__proto__').load()).toEqual([entry]);
  });

  it('drops what is not an entry, and reads anything without throwing', () => {
    localStorage.setItem(
      queueStorageKey('shop-c'),
      JSON.stringify([entry, { ...entry, at: 'x' }, 3]),
    );
    expect(browserQueueStore('shop-c').load()).toEqual([entry]);
    localStorage.setItem(queueStorageKey('shop-c'), '{broken');
    expect(browserQueueStore('shop-c').load()).toEqual([]);
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const read of parseQueue(value)) expect(read.kioskId).toMatch(/^[A-Za-z0-9_-]+$/);
      }),
      { numRuns: 300 },
    );
  });
});
