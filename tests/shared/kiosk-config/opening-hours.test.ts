/**
 * A store's opening hours as signed config sets them: the schema is strict, a relaunch time
 * must fall in closed hours every day, and a range may cross midnight.
 */
import { describe, expect, it } from 'vitest';
import {
  minutesOf,
  openAtLocal,
  openingHoursSchema,
} from '../../../shared/kiosk-config/opening-hours';

describe('the schedule’s schema', () => {
  const base = { timeZone: 'Europe/Paris', days: { mon: [['08:00', '20:00']] } };
  const refused = (value: unknown) =>
    expect(openingHoursSchema.safeParse(value).success).toBe(false);

  it('takes a well-formed schedule', () => {
    expect(openingHoursSchema.safeParse(base).success).toBe(true);
    expect(openingHoursSchema.safeParse({ ...base, days: {} }).success).toBe(true);
  });

  it('refuses unknown zones, offsets, bad times, empty ranges, unknown days and extra fields', () => {
    refused({ ...base, timeZone: 'Europe/Atlantis' });
    refused({ ...base, timeZone: '+02:00' });
    refused({ ...base, timeZone: '' });
    refused({ ...base, days: { mon: [['8:00', '20:00']] } });
    refused({ ...base, days: { mon: [['08:00', '24:01']] } });
    refused({ ...base, days: { mon: [['24:00', '08:00']] } });
    refused({ ...base, days: { mon: [['08:00', '08:00']] } });
    refused({ ...base, days: { monday: [['08:00', '20:00']] } });
    refused({ ...base, days: { mon: Array.from({ length: 5 }, () => ['08:00', '09:00']) } });
    refused({ ...base, open: true });
    refused({ days: base.days });
  });

  it('refuses a relaunch time that falls inside opening hours on any day', () => {
    refused({ ...base, relaunchAt: '12:00' });
    refused({ ...base, days: { sun: [['22:00', '03:00']] }, relaunchAt: '02:00' });
    expect(openingHoursSchema.safeParse({ ...base, relaunchAt: '03:00' }).success).toBe(true);
  });
});

describe('open or closed at a wall-clock minute', () => {
  it('reads HH:MM as minutes, 24:00 as the end of a day, and nothing else', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('08:30')).toBe(510);
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('24:01')).toBeNull();
    expect(minutesOf('8:30')).toBeNull();
  });

  it('keeps yesterday’s range that crosses midnight open into today, Monday after Sunday', () => {
    const schedule = { days: { sun: [['22:00', '03:00']] as [string, string][] } };
    expect(openAtLocal(schedule, 6, 23 * 60)).toBe(true);
    expect(openAtLocal(schedule, 0, 2 * 60)).toBe(true);
    expect(openAtLocal(schedule, 0, 3 * 60)).toBe(false);
    expect(openAtLocal(schedule, 6, 2 * 60)).toBe(false);
  });
});
