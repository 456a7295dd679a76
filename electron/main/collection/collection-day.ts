/**
 * The day's sequence of collection numbers, as pure rules: which shop day an instant falls
 * on, and which number comes next given what the kiosk remembers. The day is the shop's,
 * by its wall clock: the time zone of its opening hours when it has them, else the kiosk's
 * own, so numbers start again at the shop's midnight.
 *
 * A kiosk that remembers nothing of today (no record, an unreadable one, a userData it
 * cannot write) cannot know which numbers it gave before, so it starts past any it could
 * have given: a shopper takes longer than MIN_SECONDS_PER_ORDER from one confirm to the
 * next (choose, open the cart, check out, confirm), so by a given time of day a kiosk has
 * given at most one number per that many seconds since midnight.
 */

/** What the kiosk keeps: the shop day and the last number given on it. */
export interface CounterRecord {
  /** YYYY-MM-DD, the shop's local date. */
  day: string;
  /** 0 before the first number of the day. */
  last: number;
}

/** What the kiosk found of its record: none, a readable one, or one it cannot trust. */
export type StoredCounter =
  { kind: 'none' } | { kind: 'ok'; record: CounterRecord } | { kind: 'unknown'; why: string };

/** Where an instant falls in the shop's day. */
export interface ShopMoment {
  day: string;
  /** Seconds of wall clock since the shop's midnight. */
  secondsIntoDay: number;
}

/** The fastest a kiosk can take one shopper's order after another, for the fail-safe start. */
export const MIN_SECONDS_PER_ORDER = 10;
/** A clock put back an hour (the end of summer time) repeats an hour of the wall clock. */
const CLOCK_CHANGE_SECONDS = 3600;

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      ...(timeZone === undefined ? {} : { timeZone }),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * The shop day of `at` (ms) in `timeZone` (an IANA name; undefined: the kiosk's own zone).
 * A zone Intl does not know counts as the kiosk's own.
 */
export function shopMoment(at: number, timeZone?: string): ShopMoment {
  let format: Intl.DateTimeFormat;
  try {
    format = formatterFor(timeZone);
  } catch {
    format = formatterFor(undefined);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
  );
  const hours = Number(parts.hour) % 24;
  const minutes = Number(parts.minute);
  const seconds = Number(parts.second);
  return {
    day: `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`,
    secondsIntoDay: hours * 3600 + minutes * 60 + seconds,
  };
}

/**
 * The first number of a day whose earlier numbers are unknown: one more than a kiosk could
 * have reached by now. Every number a kiosk gives stays at or under
 * (secondsIntoDay + an hour) / MIN_SECONDS_PER_ORDER: counting from 1 it gives at most one
 * number per that many seconds, and after a start here it counts on by one per order from
 * just over that bound. So a second loss later in the day starts past the first one's
 * numbers too.
 */
export function failSafeStart(secondsIntoDay: number): number {
  return (
    Math.floor((Math.max(0, secondsIntoDay) + CLOCK_CHANGE_SECONDS) / MIN_SECONDS_PER_ORDER) + 1
  );
}

/** The next record, and what the log should hear about how it was reached (or null). */
export interface NextNumber {
  record: CounterRecord;
  note: string | null;
}

/**
 * The record after giving the next number at `now`, from what was stored. The sequence
 * starts again only on a later day: a clock put back to an earlier day carries on from the
 * last number, so no number comes twice on any one day. Past `max` it starts again at 1 (a
 * day of more orders than that cannot keep its numbers apart, and the log says so).
 */
export function nextNumber(stored: StoredCounter, now: ShopMoment, max: number): NextNumber {
  if (stored.kind !== 'ok') {
    const start = failSafeStart(now.secondsIntoDay);
    const why =
      stored.kind === 'none'
        ? 'no record of today’s numbers (a first start, or userData was cleared)'
        : stored.why;
    return {
      record: { day: now.day, last: start },
      note: `${why}; today's numbers go on from ${start}, past any this kiosk could have given since midnight`,
    };
  }
  const { record } = stored;
  if (record.day < now.day) return { record: { day: now.day, last: 1 }, note: null };
  const next = record.last + 1;
  const clockBack =
    record.day > now.day
      ? `the clock went back from ${record.day} to ${now.day}; numbering goes on from ${record.last}`
      : null;
  if (next > max) {
    return {
      record: { day: now.day, last: 1 },
      note: `more than ${max} numbers today; starting again at 1, so numbers may repeat`,
    };
  }
  return { record: { day: now.day, last: next }, note: clockBack };
}
