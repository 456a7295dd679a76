/**
 * The running kiosk and its store's hours: it falls asleep only once nobody is served, wakes
 * at once when the store opens, follows a new schedule, relaunches once in closed hours at a
 * safe moment, and a missing or unreadable schedule never puts it to sleep.
 */
import { describe, expect, it, vi } from 'vitest';
import { openingHoursSchema, type OpeningHours } from '../../../shared/kiosk-config/opening-hours';
import { setupStoreHours, type StoreHoursOptions } from '../../../fleet-agent/kiosk/store-hours';

const PARIS_8_TO_20 = openingHoursSchema.parse({
  timeZone: 'Europe/Paris',
  days: Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['08:00', '20:00']]]),
  ),
  relaunchAt: '04:30',
});

function harness(schedule: OpeningHours | null, startIso: string) {
  let clock = Date.parse(startIso);
  let tick: () => void = () => undefined;
  let safe = true;
  const waiting: (() => void)[] = [];
  const relaunch = vi.fn();
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  let current = schedule;
  const options: StoreHoursOptions = {
    schedule: () => current,
    startedAt: Date.parse('2026-01-01T00:00:00Z'),
    whenSafe: (signal) =>
      new Promise<void>((resolve, reject) => {
        if (safe) resolve();
        else waiting.push(resolve);
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      }),
    relaunch,
    updatePending: () => false,
    log,
    now: () => clock,
    setInterval: (callback) => {
      tick = callback;
      return 1;
    },
    clearInterval: () => undefined,
  };
  const hours = setupStoreHours(options);
  const changes: boolean[] = [];
  hours.onChange((asleep) => changes.push(asleep));
  return {
    hours,
    changes,
    relaunch,
    at: async (iso: string) => {
      clock = Date.parse(iso);
      tick();
      await Promise.resolve();
      await Promise.resolve();
    },
    setSafe: (value: boolean) => {
      safe = value;
    },
    shopperLeaves: async () => {
      safe = true;
      for (const resolve of waiting.splice(0)) resolve();
      await Promise.resolve();
      await Promise.resolve();
    },
    setSchedule: (next: OpeningHours | null) => {
      current = next;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the kiosk following its store’s hours', () => {
  it('sleeps after closing and wakes at opening (winter time, UTC+1)', async () => {
    const kiosk = harness(PARIS_8_TO_20, '2026-01-15T12:00:00Z');
    await flush();
    expect(kiosk.hours.asleep()).toBe(false);
    await kiosk.at('2026-01-15T19:00:00Z'); // 20:00 Paris
    expect(kiosk.hours.asleep()).toBe(true);
    await kiosk.at('2026-01-16T06:59:30Z');
    expect(kiosk.hours.asleep()).toBe(true);
    await kiosk.at('2026-01-16T07:00:00Z'); // 08:00 Paris
    expect(kiosk.hours.asleep()).toBe(false);
    expect(kiosk.changes).toEqual([true, false]);
  });

  it('lets a shopper at closing time finish before it sleeps', async () => {
    const kiosk = harness(PARIS_8_TO_20, '2026-01-15T12:00:00Z');
    kiosk.setSafe(false);
    await kiosk.at('2026-01-15T19:00:30Z');
    expect(kiosk.hours.asleep()).toBe(false);
    await kiosk.shopperLeaves();
    expect(kiosk.hours.asleep()).toBe(true);
  });

  it('never sleeps without a schedule, or with one it cannot read', async () => {
    const kiosk = harness(null, '2026-01-15T23:00:00Z');
    await flush();
    expect(kiosk.hours.asleep()).toBe(false);
    kiosk.setSchedule({ ...PARIS_8_TO_20, timeZone: 'Nowhere/Atlantis' });
    await kiosk.at('2026-01-15T23:30:00Z');
    expect(kiosk.hours.asleep()).toBe(false);
    expect(kiosk.changes).toEqual([]);
  });

  it('follows a new schedule at the next check', async () => {
    const kiosk = harness(null, '2026-01-15T21:00:00Z');
    await flush();
    kiosk.setSchedule(PARIS_8_TO_20);
    kiosk.hours.check();
    await flush();
    expect(kiosk.hours.asleep()).toBe(true);
  });

  it('relaunches once at 04:30 in closed hours, at a safe moment', async () => {
    const kiosk = harness(PARIS_8_TO_20, '2026-01-15T22:00:00Z');
    await kiosk.at('2026-01-16T03:29:30Z');
    expect(kiosk.relaunch).not.toHaveBeenCalled();
    kiosk.setSafe(false);
    await kiosk.at('2026-01-16T03:30:00Z'); // 04:30 Paris
    expect(kiosk.relaunch).not.toHaveBeenCalled();
    await kiosk.shopperLeaves();
    expect(kiosk.relaunch).toHaveBeenCalledTimes(1);
    await kiosk.at('2026-01-16T03:30:30Z');
    expect(kiosk.relaunch).toHaveBeenCalledTimes(1);
  });
});
