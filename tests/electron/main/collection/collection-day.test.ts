/**
 * The day's sequence as pure rules: the shop's day by its time zone, the next number from
 * what was stored, and the fail-safe start that keeps a kiosk that lost its record from
 * giving a number twice in a day.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  failSafeStart,
  MIN_SECONDS_PER_ORDER,
  nextNumber,
  shopMoment,
  type StoredCounter,
} from '../../../../electron/main/collection/collection-day';
import { MAX_COLLECTION_SEQUENCE } from '../../../../shared/collection-number';

const MAX = MAX_COLLECTION_SEQUENCE;
const ok = (day: string, last: number): StoredCounter => ({ kind: 'ok', record: { day, last } });
const at = (day: string, secondsIntoDay = 36_000) => ({ day, secondsIntoDay });

describe('the shop’s day', () => {
  it('is the date and time of day on the shop’s wall clock, in its time zone', () => {
    // 23:30 UTC is already the next day in Paris, and still the same one in New York.
    const instant = Date.UTC(2025, 2, 4, 23, 30, 15);
    expect(shopMoment(instant, 'Europe/Paris')).toEqual({
      day: '2025-03-05',
      secondsIntoDay: 30 * 60 + 15,
    });
    expect(shopMoment(instant, 'America/New_York')).toEqual({
      day: '2025-03-04',
      secondsIntoDay: 18 * 3600 + 30 * 60 + 15,
    });
    expect(shopMoment(instant, 'UTC').day).toBe('2025-03-04');
  });

  it('starts at the shop’s midnight', () => {
    const midnight = Date.UTC(2025, 5, 1, 22, 0, 0); // 00:00 in Paris (summer time)
    expect(shopMoment(midnight - 1000, 'Europe/Paris')).toEqual({
      day: '2025-06-01',
      secondsIntoDay: 86_399,
    });
    expect(shopMoment(midnight, 'Europe/Paris')).toEqual({ day: '2025-06-02', secondsIntoDay: 0 });
  });

  it('is the kiosk’s own without a zone, or with one Intl does not know', () => {
    const instant = Date.UTC(2025, 0, 15, 12, 0, 0);
    const own = shopMoment(instant);
    const local = new Date(instant);
    const pad = (value: number) => String(value).padStart(2, '0');
    expect(own.day).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    );
    expect(shopMoment(instant, 'Not/AZone')).toEqual(own);
  });
});

describe('the next number', () => {
  it('goes on from the last one on the same day', () => {
    expect(nextNumber(ok('2025-03-04', 26), at('2025-03-04'), MAX)).toEqual({
      record: { day: '2025-03-04', last: 27 },
      note: null,
    });
  });

  it('starts again at 1 on a later day', () => {
    expect(nextNumber(ok('2025-03-03', 412), at('2025-03-04', 5), MAX)).toEqual({
      record: { day: '2025-03-04', last: 1 },
      note: null,
    });
  });

  it('goes on, and says why, when the clock went back to an earlier day', () => {
    const next = nextNumber(ok('2025-03-05', 30), at('2025-03-04'), MAX);
    expect(next.record).toEqual({ day: '2025-03-04', last: 31 });
    expect(next.note).toMatch(/clock went back from 2025-03-05 to 2025-03-04/);
  });

  it('starts past any number it could have given when it remembers nothing, and says why', () => {
    const lost = nextNumber(
      { kind: 'unknown', why: 'the collection counter is damaged' },
      at('2025-03-04', 3600),
      MAX,
    );
    expect(lost.record).toEqual({ day: '2025-03-04', last: failSafeStart(3600) });
    expect(lost.note).toMatch(/^the collection counter is damaged; today's numbers go on from \d+/);
    const none = nextNumber({ kind: 'none' }, at('2025-03-04', 3600), MAX);
    expect(none.record.last).toBe(failSafeStart(3600));
    expect(none.note).toMatch(/no record of today’s numbers/);
  });

  it('starts again at 1 past the day’s maximum, and says numbers may repeat', () => {
    const next = nextNumber(ok('2025-03-04', MAX), at('2025-03-04'), MAX);
    expect(next.record.last).toBe(1);
    expect(next.note).toMatch(/may repeat/);
  });
});

describe('the fail-safe start', () => {
  it('is one past an order every MIN_SECONDS_PER_ORDER since an hour before midnight', () => {
    expect(failSafeStart(0)).toBe(361);
    expect(failSafeStart(9)).toBe(361);
    expect(failSafeStart(10)).toBe(362);
    expect(failSafeStart(43_200)).toBe(4681);
    // The day's last second still fits the day's numbers.
    expect(failSafeStart(86_399)).toBe(9000);
    expect(failSafeStart(86_399)).toBeLessThanOrEqual(MAX_COLLECTION_SEQUENCE);
  });

  it('never lets a kiosk give a number twice in a day, whatever restarts and losses it has', () => {
    // A day of orders at least MIN_SECONDS_PER_ORDER apart, each followed now and then by a
    // restart that finds the record kept, lost (none) or damaged.
    const day = fc.array(
      fc.record({
        gap: fc.integer({ min: MIN_SECONDS_PER_ORDER, max: 900 }),
        restart: fc.constantFrom('none', 'kept', 'kept', 'kept', 'lost', 'damaged'),
      }),
      { maxLength: 400 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3600 }), day, (first, orders) => {
        let stored: StoredCounter = { kind: 'none' };
        let seconds = first;
        const given = new Set<number>();
        for (const { gap, restart } of orders) {
          if (seconds >= 86_400) break;
          const { record } = nextNumber(stored, at('2025-03-04', seconds), MAX);
          if (given.has(record.last)) return false;
          given.add(record.last);
          stored =
            restart === 'lost'
              ? { kind: 'none' }
              : restart === 'damaged'
                ? { kind: 'unknown', why: 'damaged' }
                : { kind: 'ok', record };
          seconds += gap;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
