/** How the console writes times, durations and sizes for people (en-US, the page's zone). */
/**
 * Each formatter is made the first time it is asked for: making the page's first one loads
 * the browser's date data, tens of milliseconds on a two-core machine, which at the top of
 * this module fell in the task that loads the console, before the operator could click.
 */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | null = null;
  return () => (made ??= new Intl.DateTimeFormat('en-US', options));
}

const clock = formatter({
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const timeOfDay = formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayOf = formatter({ year: 'numeric', month: 'numeric', day: 'numeric' });
const clockWithSeconds = formatter({
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const clockToTheSecond = formatter({
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const dated = formatter({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Dec 31, 2026, 23:59": for moments that may be a year or more away. */
export const formatDate = (ms: number): string => dated().format(ms);

/** "Nov 23, 10:02" */
export const formatClock = (ms: number): string => clock().format(ms);

/**
 * "14:03" for a moment earlier today, "Nov 23, 14:03" for another day: what staff at a
 * counter read at a glance ("already collected at Counter 2, 14:03").
 */
export const formatSameDayClock = (ms: number, now: number = Date.now()): string =>
  dayOf().format(ms) === dayOf().format(now) ? timeOfDay().format(ms) : clock().format(ms);

/** "Nov 23, 10:02:37": for a moment a few seconds matter in. */
export const formatClockToTheSecond = (ms: number): string => clockToTheSecond().format(ms);

/** "14:03": one formatter made once (a pick screen writes a time on every card, every second). */
export const formatTimeOfDay = (ms: number): string => timeOfDay().format(ms);

/** "10:02:37" */
export const formatTime = (ms: number): string => clockWithSeconds().format(ms);

/** "35 min", "2 h 5 min", "3 d 4 h" */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 ? `${hours} h ${whole % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** "120 MB", "1.5 GB" */
export function formatMegabytes(mb: number): string {
  return mb >= 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${Math.round(mb)} MB`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return formatMegabytes(bytes / (1024 * 1024));
}
