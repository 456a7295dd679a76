/**
 * When the kiosk may do something that ends what is on the screen (install an update,
 * relaunch to free memory or for the nightly restart): never while a shopper is served, a
 * receipt prints or a dialog is open; then inside the maintenance window at any such
 * moment, outside it only after two minutes untouched on the attract screen, so a shopper
 * who walks up just as the attract screen returns is not met by a restart.
 */
import { IDLE_SAFE_MS, type Activity } from '../../../fleet-agent/kiosk/activity';
import type { UpdateWindow } from '../../../shared/kiosk-config/update-window';
import { isInsideWindow, nextWindowStart } from '../updates/update-window';

export type QuietActivity = Pick<Activity, 'snapshot' | 'isSafe' | 'onChange'>;

export interface QuietMomentOptions {
  activity: QuietActivity;
  /** The maintenance window; null: none, only the attract screen counts. */
  window: UpdateWindow | null;
  /** How long the attract screen must stay untouched outside the window. */
  attractQuietMs?: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function isQuietMoment(options: QuietMomentOptions): boolean {
  const now = (options.now ?? Date.now)();
  const { activity } = options;
  // Nobody served and nothing printing or open: the one condition that is never waived.
  if (!activity.isSafe()) return false;
  if (isInsideWindow(options.window, new Date(now))) return true;
  // Safe means the attract screen, or (idle wipe off) nobody there: either way, untouched.
  return now - activity.snapshot().lastInputAt >= (options.attractQuietMs ?? IDLE_SAFE_MS);
}

/**
 * Resolves at the next quiet moment (at once if this is one); rejects when `signal`
 * aborts. Activity changes are heard at once; the passing of time (the two minutes, the
 * window opening) by a timer set for exactly then.
 */
export function whenQuiet(options: QuietMomentOptions, signal?: AbortSignal): Promise<void> {
  const now = options.now ?? Date.now;
  const setTimer =
    options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as NodeJS.Timeout));
  const quietMs = options.attractQuietMs ?? IDLE_SAFE_MS;

  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return;
    }
    let timer: unknown = null;
    let unsubscribe = (): void => undefined;
    const finish = (): void => {
      unsubscribe();
      if (timer !== null) clearTimer(timer);
      timer = null;
      signal?.removeEventListener('abort', aborted);
    };
    function aborted(): void {
      finish();
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    }
    const evaluate = (): void => {
      if (isQuietMoment(options)) {
        finish();
        resolve();
        return;
      }
      if (timer !== null) clearTimer(timer);
      const at = now();
      const { lastInputAt } = options.activity.snapshot();
      const candidates = [
        lastInputAt + quietMs > at ? lastInputAt + quietMs : Number.POSITIVE_INFINITY,
        options.window
          ? nextWindowStart(options.window, new Date(at)).getTime()
          : Number.POSITIVE_INFINITY,
      ];
      const due = Math.min(...candidates);
      timer = Number.isFinite(due)
        ? setTimer(
            () => {
              timer = null;
              evaluate();
            },
            Math.max(0, due - at) + 10,
          )
        : null;
    };
    unsubscribe = options.activity.onChange(evaluate);
    signal?.addEventListener('abort', aborted, { once: true });
    evaluate();
  });
}
