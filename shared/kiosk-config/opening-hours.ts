/**
 * A store's weekly opening hours, as signed config sets them (`openingHours`): the form of
 * a schedule, its schema, and whether it is open at a wall-clock minute of a weekday.
 *
 * ```json
 * {"timeZone": "Europe/Paris",
 *  "days": {"mon": [["08:00", "20:00"]], "fri": [["08:00", "02:00"]], "sun": []},
 *  "relaunchAt": "04:30"}
 * ```
 *
 * Times are the store's wall clock in its IANA time zone. A range whose end is not after its
 * start crosses midnight into the next day; "24:00" ends a day. A day left out, or empty, is
 * closed all day. The schema is strict (an unknown zone, a bad time, an empty range, a
 * relaunch time inside opening hours are refused as a whole). The kiosk reads the clock in
 * the store's zone (electron/main/opening-hours/opening-hours.ts).
 */
import { z } from 'zod';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** At most this many ranges on one day. */
export const MAX_RANGES_PER_DAY = 4;
export const MINUTES_PER_DAY = 24 * 60;

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
