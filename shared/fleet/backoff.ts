/**
 * When to try the broker again: exponential backoff with full jitter (a random delay
 * between 0 and min(cap, start × 2^attempt)), so a thousand kiosks that lost the broker at
 * the same moment (it restarted) do not all knock again at the same moment, and a broker
 * that stays away is asked less and less often. The kiosk's fleet client and the console's
 * broker worker both reconnect by it; MQTT.js's own fixed reconnect period is off in both.
 *
 * The start is the base for a client that has not been connected yet, and `afterLossMs`
 * once a session it had is lost: a broker restart loses every kiosk's session in one
 * moment, and full jitter below a 1 s ceiling would bring the whole fleet back within that
 * one second. The wider first window spreads their returns over it instead.
 */

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** The first ceiling after a lost session, doubling from there; absent: the base. */
  afterLossMs?: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000, afterLossMs: 10_000 };

/** Where the ceilings start: the base, or after a lost session `afterLossMs`. */
export function backoffStartMs(options: BackoffOptions, afterLoss: boolean): number {
  return afterLoss ? (options.afterLossMs ?? options.baseMs) : options.baseMs;
}

/** The ceiling of the `attempt`-th retry (0 = first): 1 s, 2 s, 4 s … capped at 60 s. */
export function backoffCeilingMs(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  afterLoss = false,
): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  return Math.min(options.capMs, backoffStartMs(options, afterLoss) * 2 ** exponent);
}

/** A delay drawn uniformly from [0, ceiling]; `random` returns [0, 1). */
export function backoffDelayMs(
  attempt: number,
  random: () => number = Math.random,
  options: BackoffOptions = DEFAULT_BACKOFF,
  afterLoss = false,
): number {
  return Math.floor(random() * backoffCeilingMs(attempt, options, afterLoss));
}
