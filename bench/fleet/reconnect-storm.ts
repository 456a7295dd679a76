/**
 * The reconnect storm after a broker restart, from the kiosks' side of it: when each
 * kiosk's session was back (its CONNACK), how those times spread, how hard the kiosks
 * knocked (connection attempts in the busiest second and 100 ms, which is the load the
 * kiosks' backoff decides) and how fast the broker let them in (sessions accepted in its
 * busiest second and 100 ms, which the broker decides). Pure, so it is tested.
 */

export interface ReconnectStorm {
  /** Kiosks whose session came back after the restart. */
  back: number;
  /** Broker started again → each kiosk's session back, ms; null when none came back. */
  spreadMs: { min: number; median: number; p90: number; max: number } | null;
  /** Connection attempts the kiosks made in any 1 s after the broker started again. */
  attemptsPeakPerSecond: number;
  /** … in any 100 ms. */
  attemptsPeakPer100ms: number;
  /** The most sessions the broker accepted in any 1 s after it started again. */
  peakPerSecond: number;
  /** The most it accepted in any 100 ms. */
  peakPer100ms: number;
  /** Attempts refused while the broker was away (no listener). */
  refusedAttempts: number;
}

/** The most of `times` (ms) that fall within any window of `windowMs`. */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

function percentile(sorted: readonly number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/**
 * `sessions`: per kiosk, when each of its sessions was accepted (ms since the epoch);
 * `attempts`: when each connection attempt began; `readyAt`: when the broker was started
 * again; `refusedAttempts`: the attempts made while it was away.
 */
export function reconnectStorm(
  readyAt: number,
  sessions: ReadonlyMap<string, readonly number[]>,
  attempts: readonly number[],
  refusedAttempts: number,
): ReconnectStorm {
  const knocks = attempts.filter((at) => at >= readyAt);
  const accepted = [...sessions.values()].flatMap((times) => times.filter((at) => at >= readyAt));
  const firstBack = [...sessions.values()]
    .map((times) => times.filter((at) => at >= readyAt).sort((a, b) => a - b)[0])
    .filter((at): at is number => at !== undefined)
    .map((at) => at - readyAt)
    .sort((a, b) => a - b);
  return {
    back: firstBack.length,
    spreadMs:
      firstBack.length === 0
        ? null
        : {
            min: firstBack[0] ?? 0,
            median: percentile(firstBack, 0.5),
            p90: percentile(firstBack, 0.9),
            max: firstBack.at(-1) ?? 0,
          },
    attemptsPeakPerSecond: busiestWindow(knocks, 1000),
    attemptsPeakPer100ms: busiestWindow(knocks, 100),
    peakPerSecond: busiestWindow(accepted, 1000),
    peakPer100ms: busiestWindow(accepted, 100),
    refusedAttempts,
  };
}
