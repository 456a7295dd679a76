/**
 * When the console's broker worker connects again after losing the broker: by the fleet's
 * backoff with full jitter (shared/fleet/backoff.ts), as the kiosks do, rather than on
 * MQTT.js's fixed period, so consoles left open across a broker restart do not all knock
 * at the same moment, and a broker that stays away is asked less and less often.
 */
import { backoffDelayMs, type BackoffOptions } from '@shared/fleet/backoff';

/** The console's own: it is one client among a thousand kiosks, and a person is waiting. */
export const CONSOLE_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 30_000 };

export interface Reconnector {
  /** Connected: the next loss starts from the first ceiling again. */
  connected(): void;
  /** The connection is gone: one attempt is scheduled (none while one waits); its delay. */
  lost(): number | null;
  /** No more attempts. */
  stop(): void;
}

export interface ReconnectorOptions {
  reconnect(): void;
  random?: () => number;
  backoff?: BackoffOptions;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

export function createReconnector(options: ReconnectorOptions): Reconnector {
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? CONSOLE_BACKOFF;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer));
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  return {
    connected: () => {
      attempt = 0;
    },
    lost: () => {
      if (stopped || timer !== null) return null;
      const delay = backoffDelayMs(attempt, random, backoff);
      attempt += 1;
      timer = setTimer(() => {
        timer = null;
        if (!stopped) options.reconnect();
      }, delay);
      return delay;
    },
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
