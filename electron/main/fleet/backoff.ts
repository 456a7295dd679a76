/**
 * When to try the broker again: exponential backoff with full jitter (a random delay
 * between 0 and min(cap, base × 2^attempt)), so fifty kiosks that lost the broker at the
 * same moment do not all knock again at the same moment.
 */

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000 };

/** The ceiling of the `attempt`-th retry (0 = first): 1 s, 2 s, 4 s … capped at 60 s. */
export function backoffCeilingMs(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  return Math.min(options.capMs, options.baseMs * 2 ** exponent);
}

/** A delay drawn uniformly from [0, ceiling]; `random` returns [0, 1). */
export function backoffDelayMs(
  attempt: number,
  random: () => number = Math.random,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  return Math.floor(random() * backoffCeilingMs(attempt, options));
}
