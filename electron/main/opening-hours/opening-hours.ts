/**
 * A store's weekly opening hours, as signed config sets them (`openingHours`), and the pure
 * rules over them: is the store open at an instant, and is the daily relaunch due.
 *
 * ```json
 * {"timeZone": "Europe/Paris",
 *  "days": {"mon": [["08:00", "20:00"]], "fri": [["08:00", "02:00"]], "sun": []},
 *  "relaunchAt": "04:30"}
 * ```
 *
 * Times are the store's wall clock in its IANA time zone, read with Intl.DateTimeFormat, so
 * daylight-saving changes need no table of our own. A range whose end is not after its
 * start crosses midnight into the next day; "24:00" ends a day. A day left out, or empty, is
 * closed all day. The schema is strict (an unknown zone, a bad time, an empty range, a
 * relaunch time inside opening hours are refused as a whole), and a schedule that cannot be
 * read at run time counts as open: a bad schedule never locks shoppers out.
 */
import { z } from 'zod';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** At most this many ranges on one day. */
export const MAX_RANGES_PER_DAY = 4;
const MINUTES_PER_DAY = 24 * 60;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of "HH:MM" ("24:00" is 1440); null when it is neither. */
export function minutesOf(text: string): number | null {
  if (text === '24:00') return MINUTES_PER_DAY;
  const match = TIME_PATTERN.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Whether Intl knows the zone (its name, not a "+02:00" offset). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const clockTime = z.string().refine((text) => text !== '24:00' && minutesOf(text) !== null, {
  message: 'must be a time HH:MM, 00:00 to 23:59',
});
const endTime = z.string().refine((text) => minutesOf(text) !== null, {
  message: 'must be a time HH:MM, 00:00 to 24:00',
});

const rangeSchema = z.tuple([clockTime, endTime]).refine(([start, end]) => start !== end, {
  message: 'a range opens and closes at different times (open all day: ["00:00", "24:00"])',
});

type Ranges = readonly (readonly [string, string])[];
/** The ranges of each weekday; a day left out is closed. */
export type WeeklyRanges = Partial<Record<Weekday, Ranges>>;

export const openingHoursSchema = z
  .strictObject({
    /** The store's IANA time zone, e.g. Europe/Paris. */
    timeZone: z.string().refine(isKnownTimeZone, { message: 'must be an IANA time zone' }),
    days: z.strictObject(
      Object.fromEntries(
        WEEKDAYS.map((day) => [day, z.array(rangeSchema).max(MAX_RANGES_PER_DAY).optional()]),
      ) as Record<Weekday, z.ZodOptional<z.ZodArray<typeof rangeSchema>>>,
    ),
    /** The daily relaunch, at this wall-clock time; it must fall in closed hours every day. */
    relaunchAt: clockTime.optional(),
  })
  .refine(
    (schedule) =>
      schedule.relaunchAt === undefined ||
      WEEKDAYS.every(
        (_, day) => !openAtLocal(schedule, day, minutesOf(schedule.relaunchAt ?? '') ?? 0),
      ),
    { message: 'relaunchAt must fall outside opening hours on every day', path: ['relaunchAt'] },
  );

export type OpeningHours = z.infer<typeof openingHoursSchema>;

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

function rangesOf(schedule: { days: WeeklyRanges }, day: number): Ranges {
  return schedule.days[WEEKDAYS[((day % 7) + 7) % 7] ?? 'mon'] ?? [];
}

/** Whether the schedule is open at a wall-clock minute of a weekday (0 = Monday). */
export function openAtLocal(
  schedule: { days: WeeklyRanges },
  day: number,
  minutes: number,
): boolean {
  for (const [startText, endText] of rangesOf(schedule, day)) {
    const start = minutesOf(startText) ?? 0;
    const end = minutesOf(endText) ?? 0;
    if (end > start ? minutes >= start && minutes < end : minutes >= start) return true;
  }
  // Yesterday's ranges that cross midnight reach into today.
  for (const [startText, endText] of rangesOf(schedule, day - 1)) {
    const start = minutesOf(startText) ?? 0;
    const end = minutesOf(endText) ?? 0;
    if (end <= start && minutes < end) return true;
  }
  return false;
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
