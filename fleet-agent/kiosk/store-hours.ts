/**
 * The kiosk following its store's opening hours while it runs; the kiosk's main process and
 * the simulator run this same rule. Every half minute (and at check()) it reads the
 * schedule in force (a signed config may have changed it):
 *
 * - closing: once nobody is served (activity.whenSafe: the attract screen, or no touch for a
 *   while), the kiosk is asleep: its listeners show the closed screen, let the display
 *   sleep, and tell the fleet. A shopper mid-purchase at closing time finishes first;
 * - opening: awake at once;
 * - the daily relaunch (opening-hours.ts dailyRelaunchDue): inside closed hours, at a safe
 *   moment, never while an update's own restart is due.
 *
 * No schedule, or one that cannot be read, is open: a bad schedule never locks shoppers out.
 */
import type { FleetLog } from '../fleet-log';
import type { OpeningHours } from '../../shared/kiosk-config/opening-hours';
import { dailyRelaunchDue, isOpenAt } from './opening-hours';

/** How often the schedule is read again. */
export const CHECK_EVERY_MS = 30_000;

export interface StoreHoursOptions {
  schedule: () => OpeningHours | null;
  /** When this run of the kiosk started (ms). */
  startedAt: number;
  /** Resolves at a moment nobody is served; rejects when the signal aborts. */
  whenSafe: (signal: AbortSignal) => Promise<void>;
  /** Starts the kiosk again (the same relaunch self-care uses). */
  relaunch: () => void;
  /** An update is downloaded and restarts the kiosk itself at the next quiet moment. */
  updatePending: () => boolean;
  log: FleetLog;
  now?: () => number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export interface StoreHours {
  /** Whether the kiosk sleeps now because the store is closed. */
  asleep(): boolean;
  /** Called with the new state each time it changes; returns an unsubscribe function. */
  onChange(listener: (asleep: boolean) => void): () => void;
  /** Reads the schedule again now (a new config arrived). */
  check(): void;
  stop(): void;
}

export function setupStoreHours(options: StoreHoursOptions): StoreHours {
  const { log } = options;
  const now = options.now ?? Date.now;
  const setTimer =
    options.setInterval ?? ((callback: () => void, ms: number) => setInterval(callback, ms));
  const clearTimer =
    options.clearInterval ?? ((handle: unknown) => clearInterval(handle as NodeJS.Timeout));
  const listeners = new Set<(asleep: boolean) => void>();
  let asleep = false;
  /** Waiting for a safe moment to fall asleep, or to relaunch. */
  let closing: AbortController | null = null;
  let relaunching: AbortController | null = null;

  const set = (next: boolean): void => {
    if (next === asleep) return;
    asleep = next;
    log.info(
      next
        ? 'Store hours: the store is closed; the kiosk sleeps until it opens'
        : 'Store hours: the store is open; the kiosk is awake',
    );
    for (const listener of listeners) {
      try {
        listener(next);
      } catch (error) {
        log.warn(`Store hours: a listener failed (${String(error)})`);
      }
    }
  };

  const check = (): void => {
    const schedule = options.schedule();
    const at = now();
    const open = isOpenAt(schedule, at);
    if (open) {
      closing?.abort();
      closing = null;
      relaunching?.abort();
      relaunching = null;
      set(false);
      return;
    }
    if (!asleep && !closing) {
      const wait = new AbortController();
      closing = wait;
      options.whenSafe(wait.signal).then(
        () => {
          if (closing !== wait) return;
          closing = null;
          // Opened again while a shopper finished: stay awake.
          if (isOpenAt(options.schedule(), now())) return;
          set(true);
        },
        () => undefined,
      );
    }
    if (!relaunching && dailyRelaunchDue(schedule, options.startedAt, at)) {
      const wait = new AbortController();
      relaunching = wait;
      options.whenSafe(wait.signal).then(
        () => {
          if (relaunching !== wait) return;
          if (isOpenAt(options.schedule(), now())) return;
          if (options.updatePending()) {
            log.info('Store hours: no daily relaunch: the update restarts the kiosk');
            return;
          }
          log.info('Store hours: the daily relaunch, in closed hours');
          options.relaunch();
        },
        () => undefined,
      );
    }
  };

  const timer = setTimer(check, CHECK_EVERY_MS);
  check();

  return {
    asleep: () => asleep,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    stop: () => {
      clearTimer(timer);
      closing?.abort();
      relaunching?.abort();
      listeners.clear();
    },
  };
}
