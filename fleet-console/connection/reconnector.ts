/**
 * When the console's broker worker connects again after losing the broker: by the fleet's
 * backoff with full jitter (shared/fleet/backoff.ts), as the kiosks do, rather than on
 * MQTT.js's fixed period, so consoles left open across a broker restart do not all knock
 * at the same moment, and a broker that stays away is asked less and less often.
 */
import { backoffDelayMs, type BackoffOptions } from '@shared/fleet/backoff';

/** The console's own: it is one client among a thousand kiosks, and a person is waiting. */
export const CONSOLE_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 30_000 };

/**
 * A session that lasted this long was a good one: the next loss starts from the first
 * ceiling again. One that ended sooner does not reset the backoff. The broker gives each
 * login one session at a time (docs/fleet/broker.md), so two consoles on the same login
 * take it from each other as each reconnects: this way they do so less and less often,
 * rather than every second, and the console says why (shortSessions).
 */
export const STABLE_SESSION_MS = 30_000;

export interface Reconnector {
  /** Connected: a loss after STABLE_SESSION_MS starts from the first ceiling again. */
  connected(): void;
  /** The connection is gone: one attempt is scheduled (none while one waits); its delay. */
  lost(): number | null;
  /** How many sessions in a row ended before they were STABLE_SESSION_MS old. */
  shortSessions(): number;
  /** No more attempts. */
  stop(): void;
}

export interface ReconnectorOptions {
  reconnect(): void;
  random?: () => number;
  backoff?: BackoffOptions;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
  now?: () => number;
  stableMs?: number;
}

export function createReconnector(options: ReconnectorOptions): Reconnector {
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? CONSOLE_BACKOFF;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer));
  const now = options.now ?? Date.now;
  const stableMs = options.stableMs ?? STABLE_SESSION_MS;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let connectedAt: number | null = null;
  let short = 0;
  return {
    connected: () => {
      connectedAt = now();
    },
    lost: () => {
      if (stopped || timer !== null) return null;
      if (connectedAt !== null) {
        if (now() - connectedAt >= stableMs) {
          attempt = 0;
          short = 0;
        } else {
          short += 1;
        }
        connectedAt = null;
      }
      const delay = backoffDelayMs(attempt, random, backoff);
      attempt += 1;
      timer = setTimer(() => {
        timer = null;
        if (!stopped) options.reconnect();
      }, delay);
      return delay;
    },
    shortSessions: () => short,
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
