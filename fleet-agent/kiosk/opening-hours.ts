/**
 * The pure rules over a store's opening hours (shared/kiosk-config/opening-hours.ts) on its
 * wall clock: is the store open at an instant, and is the daily relaunch due.
 *
 * The wall clock is read with Intl.DateTimeFormat in the store's IANA time zone, so
 * daylight-saving changes need no table of our own. A schedule that cannot be read at run
 * time counts as open: a bad schedule never locks shoppers out.
 */
import {
  MINUTES_PER_DAY,
  minutesOf,
  openAtLocal,
  type OpeningHours,
} from '../../shared/kiosk-config/opening-hours';

/** What the schedule needs of a moment: the store's weekday (0 = Monday) and wall clock. */
export interface LocalTime {
  day: number;
  /** Minutes since local midnight. */
  minutes: number;
  /** Seconds and milliseconds into that minute, in ms. */
  intoMinuteMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall clock of `at` in `timeZone`; throws for a zone Intl does not know. */
export function localTime(at: number, timeZone: string): LocalTime {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
  );
  const day = SHORT_DAYS.indexOf(parts.weekday ?? '');
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  if (day < 0 || !Number.isInteger(hour + minute + second)) throw new Error('unreadable time');
  const intoMinuteMs = second * 1000 + (((at % 1000) + 1000) % 1000);
  return { day, minutes: hour * 60 + minute, intoMinuteMs };
}

/** Whether the store is open at `at` (ms); no schedule, or one that cannot be read: open. */
export function isOpenAt(schedule: OpeningHours | null, at: number): boolean {
  if (schedule === null) return true;
  try {
    const local = localTime(at, schedule.timeZone);
    return openAtLocal(schedule, local.day, local.minutes);
  } catch {
    return true;
  }
}

/** How long after relaunchAt the daily relaunch may still happen (a kiosk busy or just woken). */
export const RELAUNCH_WINDOW_MINUTES = 60;
/**
 * A kiosk that started this recently is not relaunched: it has just started (and, in the
 * hour a clock falls back, the relaunch time comes twice).
 */
export const MIN_UPTIME_FOR_DAILY_MS = 90 * 60_000;

/**
 * Whether the daily relaunch is due at `now`: within RELAUNCH_WINDOW_MINUTES after
 * relaunchAt on the store's wall clock (on a day a clock springs forward past it, from the
 * first minute after), while the store is closed, for a kiosk that started before that
 * moment and more than MIN_UPTIME_FOR_DAILY_MS ago.
 */
export function dailyRelaunchDue(
  schedule: OpeningHours | null,
  startedAt: number,
  now: number,
): boolean {
  if (schedule?.relaunchAt === undefined) return false;
  if (now - startedAt < MIN_UPTIME_FOR_DAILY_MS) return false;
  const target = minutesOf(schedule.relaunchAt);
  if (target === null) return false;
  let local: LocalTime;
  try {
    local = localTime(now, schedule.timeZone);
  } catch {
    return false;
  }
  if (openAtLocal(schedule, local.day, local.minutes)) return false;
  const since = (local.minutes - target + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (since >= RELAUNCH_WINDOW_MINUTES) return false;
  // The moment relaunchAt last came round on the wall clock.
  const dueFrom = now - since * 60_000 - local.intoMinuteMs;
  return startedAt < dueFrom;
}
