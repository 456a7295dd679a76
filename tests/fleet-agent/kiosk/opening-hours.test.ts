/**
 * A store's opening hours on its own wall clock: the days a clock springs forward or falls
 * back (Europe/Paris), ranges that cross midnight, a daily relaunch that never lands in
 * opening hours, a strict schema, and a schedule that cannot be read counting as open.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openingHoursSchema, type OpeningHours } from '../../../shared/kiosk-config/opening-hours';
import { dailyRelaunchDue, isOpenAt, localTime } from '../../../fleet-agent/kiosk/opening-hours';

const at = (iso: string) => Date.parse(iso);
const everyDay = (ranges: [string, string][]) => ({
  mon: ranges,
  tue: ranges,
  wed: ranges,
  thu: ranges,
  fri: ranges,
  sat: ranges,
  sun: ranges,
});
const paris = (extra: Partial<OpeningHours> = {}): OpeningHours =>
  openingHoursSchema.parse({
    timeZone: 'Europe/Paris',
    days: everyDay([['08:00', '20:00']]),
    ...extra,
  });

describe('open or closed on the store’s wall clock', () => {
  it('opens at 08:00 Paris time in winter (UTC+1) and in summer (UTC+2)', () => {
    const schedule = paris();
    expect(isOpenAt(schedule, at('2026-01-15T06:59:00Z'))).toBe(false);
    expect(isOpenAt(schedule, at('2026-01-15T07:00:00Z'))).toBe(true);
    expect(isOpenAt(schedule, at('2026-07-15T05:59:00Z'))).toBe(false);
    expect(isOpenAt(schedule, at('2026-07-15T06:00:00Z'))).toBe(true);
    expect(isOpenAt(schedule, at('2026-07-15T17:59:00Z'))).toBe(true);
    expect(isOpenAt(schedule, at('2026-07-15T18:00:00Z'))).toBe(false);
  });

  it('follows the clock across the spring-forward night (Sunday 29 March 2026)', () => {
    const schedule = paris();
    // Saturday still in winter time, Sunday already in summer time.
    expect(isOpenAt(schedule, at('2026-03-28T07:00:00Z'))).toBe(true); // 08:00 CET
    expect(isOpenAt(schedule, at('2026-03-29T05:59:00Z'))).toBe(false); // 07:59 CEST
    expect(isOpenAt(schedule, at('2026-03-29T06:00:00Z'))).toBe(true); // 08:00 CEST
    expect(localTime(at('2026-03-29T00:59:00Z'), 'Europe/Paris').minutes).toBe(1 * 60 + 59);
    expect(localTime(at('2026-03-29T01:00:00Z'), 'Europe/Paris').minutes).toBe(3 * 60);
  });

  it('follows the clock across the fall-back night (Sunday 25 October 2026)', () => {
    const schedule = paris();
    expect(isOpenAt(schedule, at('2026-10-24T06:00:00Z'))).toBe(true); // 08:00 CEST
    expect(isOpenAt(schedule, at('2026-10-25T06:59:00Z'))).toBe(false); // 07:59 CET
    expect(isOpenAt(schedule, at('2026-10-25T07:00:00Z'))).toBe(true); // 08:00 CET
    // 02:30 comes twice that night.
    expect(localTime(at('2026-10-25T00:30:00Z'), 'Europe/Paris').minutes).toBe(150);
    expect(localTime(at('2026-10-25T01:30:00Z'), 'Europe/Paris').minutes).toBe(150);
  });

  it('keeps a range that crosses midnight open into the next morning, and the week wraps', () => {
    const schedule = openingHoursSchema.parse({
      timeZone: 'Europe/Paris',
      days: { fri: [['18:00', '02:00']], sun: [['22:00', '01:00']] },
    });
    // Friday 5 June 2026, summer time (UTC+2).
    expect(isOpenAt(schedule, at('2026-06-05T15:59:00Z'))).toBe(false); // Fri 17:59
    expect(isOpenAt(schedule, at('2026-06-05T16:00:00Z'))).toBe(true); // Fri 18:00
    expect(isOpenAt(schedule, at('2026-06-05T23:30:00Z'))).toBe(true); // Sat 01:30
    expect(isOpenAt(schedule, at('2026-06-06T00:00:00Z'))).toBe(false); // Sat 02:00
    expect(isOpenAt(schedule, at('2026-06-07T20:00:00Z'))).toBe(true); // Sun 22:00
    expect(isOpenAt(schedule, at('2026-06-07T22:59:00Z'))).toBe(true); // Mon 00:59
    expect(isOpenAt(schedule, at('2026-06-07T23:00:00Z'))).toBe(false); // Mon 01:00
    expect(isOpenAt(schedule, at('2026-06-08T10:00:00Z'))).toBe(false); // Mon, no ranges
  });

  it('is open all day with 00:00–24:00, and closed all day on a day left out', () => {
    const schedule = openingHoursSchema.parse({
      timeZone: 'Europe/Paris',
      days: { sat: [['00:00', '24:00']] },
    });
    expect(isOpenAt(schedule, at('2026-06-05T22:00:00Z'))).toBe(true); // Sat 00:00
    expect(isOpenAt(schedule, at('2026-06-06T21:59:00Z'))).toBe(true); // Sat 23:59
    expect(isOpenAt(schedule, at('2026-06-06T22:00:00Z'))).toBe(false); // Sun 00:00
  });

  it('counts as open with no schedule, or one whose zone cannot be read', () => {
    expect(isOpenAt(null, at('2026-06-06T02:00:00Z'))).toBe(true);
    const unreadable = { ...paris(), timeZone: 'Mars/Olympus_Mons' };
    expect(isOpenAt(unreadable, at('2026-06-06T02:00:00Z'))).toBe(true);
  });
});

describe('the daily relaunch in closed hours', () => {
  const startedLongBefore = at('2026-01-01T10:00:00Z');

  it('is due from relaunchAt, for an hour, while closed, once', () => {
    const schedule = paris({ relaunchAt: '04:30' });
    expect(dailyRelaunchDue(schedule, startedLongBefore, at('2026-01-15T03:29:00Z'))).toBe(false);
    expect(dailyRelaunchDue(schedule, startedLongBefore, at('2026-01-15T03:30:00Z'))).toBe(true);
    expect(dailyRelaunchDue(schedule, startedLongBefore, at('2026-01-15T04:29:59Z'))).toBe(true);
    expect(dailyRelaunchDue(schedule, startedLongBefore, at('2026-01-15T04:30:00Z'))).toBe(false);
    // Relaunched at 04:30:05: the same night it is not due again.
    const relaunched = at('2026-01-15T03:30:05Z');
    expect(dailyRelaunchDue(schedule, relaunched, at('2026-01-15T03:30:40Z'))).toBe(false);
    expect(dailyRelaunchDue(schedule, relaunched, at('2026-01-16T03:30:00Z'))).toBe(true);
  });

  it('happens at 03:00 on the night 02:30 does not exist (spring forward)', () => {
    const schedule = paris({ relaunchAt: '02:30' });
    expect(dailyRelaunchDue(schedule, startedLongBefore, at('2026-03-29T00:59:00Z'))).toBe(false);
    expect(dailyRelaunchDue(schedule, startedLongBefore, at('2026-03-29T01:00:00Z'))).toBe(true);
  });

  it('happens once on the night 02:30 comes twice (fall back)', () => {
    const schedule = paris({ relaunchAt: '02:30' });
    const before = at('2026-10-24T10:00:00Z');
    expect(dailyRelaunchDue(schedule, before, at('2026-10-25T00:30:00Z'))).toBe(true);
    const relaunched = at('2026-10-25T00:30:05Z');
    expect(dailyRelaunchDue(schedule, relaunched, at('2026-10-25T01:30:10Z'))).toBe(false);
  });

  it('is never due while the store is open, nor without a relaunchAt', () => {
    // 03:00–05:00 is open on this schedule, but relaunchAt 02:00 is closed.
    const crossing = openingHoursSchema.parse({
      timeZone: 'Europe/Paris',
      days: everyDay([['02:45', '23:00']]),
      relaunchAt: '02:00',
    });
    expect(dailyRelaunchDue(crossing, startedLongBefore, at('2026-01-15T01:00:00Z'))).toBe(true);
    expect(dailyRelaunchDue(crossing, startedLongBefore, at('2026-01-15T01:50:00Z'))).toBe(false);
    expect(dailyRelaunchDue(paris(), startedLongBefore, at('2026-01-15T03:30:00Z'))).toBe(false);
    expect(dailyRelaunchDue(null, startedLongBefore, at('2026-01-15T03:30:00Z'))).toBe(false);
  });
});

describe('every schedule the schema takes', () => {
  it('never throws on any JSON, and what it takes always answers open or closed', () => {
    const time = fc.oneof(
      fc.constantFrom('00:00', '08:00', '12:30', '23:59', '24:00', '25:00', ''),
      fc.string({ maxLength: 6 }),
    );
    const schedule = fc.record({
      timeZone: fc.constantFrom('Europe/Paris', 'America/New_York', 'UTC', 'Nowhere/Land', '%'),
      days: fc.dictionary(
        fc.constantFrom('mon', 'tue', 'fri', 'sun', 'xyz'),
        fc.array(fc.tuple(time, time), { maxLength: 5 }),
      ),
      relaunchAt: fc.option(time, { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.oneof(schedule, fc.jsonValue({ maxDepth: 3 })), fc.date(), (value, when) => {
        const parsed = openingHoursSchema.safeParse(value);
        if (!parsed.success) return;
        const instant = Number.isNaN(when.getTime()) ? 0 : when.getTime();
        expect(typeof isOpenAt(parsed.data, instant)).toBe('boolean');
        expect(typeof dailyRelaunchDue(parsed.data, 0, instant)).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
