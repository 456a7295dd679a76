/**
 * A signed config stops applying at its notAfter while the kiosk runs, not only at the
 * next start: one timer, set for the earliest notAfter in force (looked at again at least
 * hourly, so a long wait never overflows a timer or misses a clock change).
 */
import type { RemoteConfig } from './remote-config';

/** The longest single wait; the next one is set when it ends. */
export const MAX_EXPIRY_WAIT_MS = 3_600_000;

export interface ExpiryWatchOptions {
  config: Pick<RemoteConfig<unknown>, 'nextExpiry' | 'expire'>;
  /** Something stopped applying: put the config as it is now into force. */
  onExpired: () => void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface ExpiryWatch {
  /** Sets the timer for what is in force now (after a config is taken or withdrawn). */
  rearm(): void;
  stop(): void;
}

export function watchConfigExpiry(options: ExpiryWatchOptions): ExpiryWatch {
  const now = options.now ?? Date.now;
  const setTimer =
    options.setTimer ??
    ((callback: () => void, ms: number) => {
      const timer = setTimeout(callback, ms);
      // The kiosk's other work keeps it alive; this timer alone never should.
      timer.unref();
      return timer;
    });
  const clearTimer =
    options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as NodeJS.Timeout));
  let timer: unknown = null;
  let stopped = false;

  const rearm = (): void => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (stopped) return;
    const at = options.config.nextExpiry();
    if (at === null) return;
    const wait = Math.min(MAX_EXPIRY_WAIT_MS, Math.max(0, at - now()));
    timer = setTimer(() => {
      timer = null;
      if (options.config.expire()) options.onExpired();
      rearm();
    }, wait);
  };

  return {
    rearm,
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
