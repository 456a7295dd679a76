/**
 * Giving numbers: the letter and the day's next number, kept on disk before it is given,
 * the same number for a receipt asked about twice, a fresh day at the shop's midnight, and
 * a restart that carries on (or, with its record lost, skips ahead and says so).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failSafeStart } from '../../../../electron/main/collection/collection-day';
import {
  COLLECTION_COUNTER_FILE,
  fileCounterStore,
  type CounterStore,
} from '../../../../electron/main/collection/collection-counter-file';
import {
  createCollectionNumbers,
  REMEMBERED_RECEIPTS,
} from '../../../../electron/main/collection/collection-numbers';
import { fakeLogger } from '../../support/fake-electron';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'collection-numbers-'));
  path = join(dir, COLLECTION_COUNTER_FILE);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** 10:00 in Paris on 4 March 2025 (winter time: UTC+1). */
const TEN_AM = Date.UTC(2025, 2, 4, 9, 0, 0);
const receipt = (n: number) => `Receipt-${TEN_AM + n}-${n % 1000}`;

function numbers(options: { now?: () => number; store?: CounterStore; letter?: 'C' | 'K' } = {}) {
  const log = fakeLogger();
  const given = createCollectionNumbers({
    letter: options.letter ?? 'C',
    store: options.store ?? fileCounterStore(path),
    timeZone: () => 'Europe/Paris',
    log,
    now: options.now ?? (() => TEN_AM),
  });
  return { given, log };
}

/** A day's first numbers, as a kiosk that has given some already starts them. */
function seed(last: number, day = '2025-03-04'): void {
  writeFileSync(path, JSON.stringify({ v: 1, day, last }));
}

describe('collection numbers', () => {
  it('gives the letter and the day’s next number, and keeps it before giving it', () => {
    seed(26);
    const { given } = numbers();
    expect(given.issue(receipt(1))).toBe('C 27');
    expect(fileCounterStore(path).load()).toEqual({
      kind: 'ok',
      record: { day: '2025-03-04', last: 27 },
    });
    expect(given.issue(receipt(2))).toBe('C 28');
  });

  it('gives a receipt asked about again the number it had', () => {
    seed(0);
    const { given } = numbers();
    expect(given.issue(receipt(1))).toBe('C 1');
    expect(given.issue(receipt(1))).toBe('C 1');
    expect(given.forReceipt(receipt(1))).toBe('C 1');
    expect(given.forReceipt(receipt(2))).toBeNull();
    expect(given.issue(receipt(2))).toBe('C 2');
  });

  it('forgets the oldest receipts first, keeping the count bounded', () => {
    // In memory: a thousand flushes to disk would be most of this test's time.
    let record = { day: '2025-03-04', last: 0 };
    const store: CounterStore = {
      load: () => ({ kind: 'ok', record }),
      save: (next) => {
        record = next;
      },
    };
    const { given } = numbers({ store });
    for (let n = 0; n <= REMEMBERED_RECEIPTS; n += 1) given.issue(receipt(n));
    expect(given.forReceipt(receipt(0))).toBeNull();
    expect(given.forReceipt(receipt(REMEMBERED_RECEIPTS))).toBe(`C ${REMEMBERED_RECEIPTS + 1}`);
  });

  it('carries on after a restart', () => {
    seed(0);
    numbers().given.issue(receipt(1));
    numbers().given.issue(receipt(2));
    expect(numbers().given.issue(receipt(3))).toBe('C 3');
  });

  it('starts again at 1 after the shop’s midnight, not UTC’s', () => {
    let now = Date.UTC(2025, 2, 4, 22, 59, 0); // 23:59 in Paris
    seed(40);
    const { given } = numbers({ now: () => now });
    expect(given.issue(receipt(1))).toBe('C 41');
    now = Date.UTC(2025, 2, 4, 23, 1, 0); // 00:01 in Paris, still the 4th in UTC
    expect(given.issue(receipt(2))).toBe('C 1');
    expect(given.issue(receipt(3))).toBe('C 2');
  });

  it('skips ahead, and says why, when its record is damaged', () => {
    writeFileSync(path, '{"v":1,"day":"2025-03-04","la');
    const { given, log } = numbers();
    const start = failSafeStart(10 * 3600);
    expect(given.issue(receipt(1))).toBe(`C ${start}`);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(
          `^Collection numbers: the collection counter is not JSON .*; today's numbers go on from ${start}`,
        ),
      ),
    );
    // And keeps the new count from then on.
    expect(numbers().given.issue(receipt(2))).toBe(`C ${start + 1}`);
  });

  it('still gives numbers when the counter cannot be kept, and says so once', () => {
    const store: CounterStore = {
      load: () => ({ kind: 'ok', record: { day: '2025-03-04', last: 9 } }),
      save: () => {
        throw new Error('EROFS: read-only file system');
      },
    };
    const { given, log } = numbers({ store });
    expect(given.issue(receipt(1))).toBe('C 10');
    expect(given.issue(receipt(2))).toBe('C 11');
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.stringMatching(/counter cannot be kept \(EROFS.*the next start skips ahead/),
    );
  });

  it('numbers two kiosks apart by their letters, each on its own', () => {
    const other = join(dir, 'other.json');
    const front = numbers({ letter: 'C' }).given;
    const back = numbers({ letter: 'K', store: fileCounterStore(other) }).given;
    const a = front.issue(receipt(1));
    const b = back.issue(receipt(1));
    expect(a.startsWith('C ')).toBe(true);
    expect(b.startsWith('K ')).toBe(true);
    expect(a).not.toBe(b);
  });
});
