/**
 * The kiosk's idle times as the page takes them from main, by one rule for the config the
 * page starts with (capabilities.ts) and for new settings while it runs (live-config.ts).
 */
export interface IdleReset {
  /** Seconds without a touch before "Are you still there?". */
  afterSeconds: number;
  /** Seconds that question counts down before the session is wiped. */
  countdownSeconds: number;
}

/**
 * The longest idle wait or countdown the page takes, in seconds: a day, the kiosk's own
 * bound for the idle timeout. Much beyond it a timer (tripled while speech is on) would
 * pass setTimeout's range and fire at once, asking every shopper at every touch.
 */
export const MAX_IDLE_SECONDS = 86_400;

/** A positive number of seconds, at most MAX_IDLE_SECONDS. */
export const isIdleSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_IDLE_SECONDS;

/**
 * The idle reset two times from main ask for: each a positive number of seconds up to
 * MAX_IDLE_SECONDS, or a timeout of 0 for never asking. Undefined when they break the rule;
 * the caller says what stands instead (at start the defaults, while running what is in force).
 */
export function idleResetOf(after: unknown, countdown: unknown): IdleReset | null | undefined {
  if (after === 0) return null;
  if (!isIdleSeconds(after) || !isIdleSeconds(countdown)) return undefined;
  return { afterSeconds: after, countdownSeconds: countdown };
}
