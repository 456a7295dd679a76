/**
 * The kiosk looking after itself while nobody watches it:
 * - memory: above maxMemoryMB (memory-watch.ts) it relaunches at the next quiet moment;
 * - a scheduled relaunch each night when update.window opens (scheduledRelaunch, on by
 *   default), at a quiet moment inside the window, or not that night at all;
 * - the display never sleeps in kiosk mode (powerSaveBlocker 'prevent-display-sleep'),
 *   except while the store is closed (allowDisplaySleep, from store-hours.ts).
 * A relaunch never happens in front of a shopper (quiet-moment.ts), and each is logged
 * with its reason. When an update is downloaded, its own restart does the job instead.
 */
import type { App, PowerSaveBlocker, ProcessMetric } from 'electron';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import type { Logger } from '../logging/logging';
import { whenQuiet, type QuietActivity, type QuietMomentOptions } from '../activity/quiet-moment';
import { RELAUNCH_ATTEMPT_FLAG } from './recovery';
import { planRelaunch, relaunchApp } from './relaunch';
import { parseUpdateWindow } from '../../../shared/kiosk-config/update-window';
import { nextWindowStart, windowEnd } from '../updates/update-window';
import { watchMemory, type MemorySample } from './memory-watch';

/** A kiosk that started this recently (e.g. after an update) skips tonight's relaunch. */
export const MIN_UPTIME_FOR_NIGHTLY_MS = 60 * 60_000;
/** How long a memory relaunch waits when an update's restart is due at the same moment. */
export const UPDATE_GRACE_MS = 5 * 60_000;

export interface SelfCareOptions {
  getAppMetrics: () => readonly Pick<ProcessMetric, 'type' | 'memory'>[];
  powerSaveBlocker: Pick<PowerSaveBlocker, 'start' | 'stop'>;
  activity: QuietActivity;
  config: Pick<KioskConfig, 'mode' | 'maxMemoryMB' | 'scheduledRelaunch' | 'update.window'>;
  log: Logger;
  /** Starts the kiosk again; the process ends. */
  relaunch: () => void;
  /** An update is downloaded and restarts the kiosk itself at the next quiet moment. */
  updatePending: () => boolean;
  uptimeMs: () => number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export interface SelfCare {
  /** The latest memory sample, for fleet health. */
  memory(): MemorySample | null;
  /** The store is closed (true): the display may sleep; open again (false): kept awake. */
  allowDisplaySleep(allowed: boolean): void;
  stop(): void;
}

const clock = (at: Date): string =>
  `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;

export function setupSelfCare(options: SelfCareOptions): SelfCare {
  const { activity, config, log } = options;
  const now = options.now ?? Date.now;
  const setTimer =
    options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as NodeJS.Timeout));
  const window = parseUpdateWindow(config['update.window']);
  const quiet: QuietMomentOptions = { activity, window, now, setTimer, clearTimer };
  const stopper = new AbortController();
  const timers = new Set<unknown>();
  let relaunching = false;

  const later = (callback: () => void, ms: number): unknown => {
    const handle = setTimer(() => {
      timers.delete(handle);
      callback();
    }, ms);
    timers.add(handle);
    return handle;
  };

  const relaunchNow = (reason: string): void => {
    if (relaunching) return;
    relaunching = true;
    log.warn(`Self-care: relaunching now: ${reason}`);
    options.relaunch();
  };

  let blocker: number | null = null;
  const keepAwake = (): void => {
    blocker = options.powerSaveBlocker.start('prevent-display-sleep');
    log.info(`Self-care: the display is kept awake (power save blocker ${blocker})`);
  };
  if (config.mode === 'kiosk') keepAwake();
  const allowDisplaySleep = (allowed: boolean): void => {
    if (config.mode !== 'kiosk') return;
    if (allowed && blocker !== null) {
      options.powerSaveBlocker.stop(blocker);
      blocker = null;
      log.info('Self-care: the store is closed; the display may sleep');
    } else if (!allowed && blocker === null) {
      keepAwake();
    }
  };

  // Memory: once over, wait for a quiet moment; an update due then restarts it instead.
  const relaunchForMemory = (reason: string): void => {
    whenQuiet(quiet, stopper.signal).then(
      () => {
        if (options.updatePending()) {
          later(() => {
            relaunchForMemory(reason);
          }, UPDATE_GRACE_MS);
          return;
        }
        relaunchNow(reason);
      },
      () => undefined,
    );
  };
  const memory = watchMemory({
    getAppMetrics: options.getAppMetrics,
    maxMemoryMB: config.maxMemoryMB,
    onOver: (reason) => {
      log.warn(`Self-care: ${reason}; relaunching at the next quiet moment`);
      relaunchForMemory(reason);
    },
    ...(options.setInterval ? { setInterval: options.setInterval } : {}),
    ...(options.clearInterval ? { clearInterval: options.clearInterval } : {}),
  });

  // The nightly relaunch, at a quiet moment of the window or not that night.
  const armNightly = (): void => {
    if (!window || stopper.signal.aborted) return;
    const at = nextWindowStart(window, new Date(now()));
    later(nightly, at.getTime() - now());
  };
  const nightly = (): void => {
    if (!window) return;
    if (options.uptimeMs() < MIN_UPTIME_FOR_NIGHTLY_MS) {
      log.info('Self-care: no relaunch tonight: the kiosk started less than an hour ago');
      armNightly();
      return;
    }
    const closing = new AbortController();
    const stop = (): void => {
      closing.abort();
    };
    stopper.signal.addEventListener('abort', stop, { once: true });
    const end = later(stop, windowEnd(window, new Date(now())).getTime() - now());
    whenQuiet(quiet, closing.signal).then(
      () => {
        clearTimer(end);
        timers.delete(end);
        stopper.signal.removeEventListener('abort', stop);
        if (options.updatePending()) {
          log.info('Self-care: no scheduled relaunch tonight: the update restarts the kiosk');
          armNightly();
          return;
        }
        relaunchNow('the scheduled nightly relaunch');
      },
      () => {
        if (stopper.signal.aborted) return;
        log.warn(
          'Self-care: no quiet moment in the window tonight; the scheduled relaunch waits a day',
        );
        armNightly();
      },
    );
  };
  if (config.scheduledRelaunch && window) {
    log.info(
      `Self-care: a relaunch each night at a quiet moment from ${clock(nextWindowStart(window, new Date(now())))}`,
    );
    armNightly();
  } else {
    log.info(
      `Self-care: no scheduled relaunch (${config.scheduledRelaunch ? 'no update.window' : 'scheduledRelaunch is off'})`,
    );
  }

  return {
    memory: () => memory.latest(),
    allowDisplaySleep,
    stop: () => {
      stopper.abort();
      memory.stop();
      for (const handle of timers) clearTimer(handle);
      timers.clear();
    },
  };
}

/** Starts the kiosk again with its own arguments (not a crash: the attempt count goes). */
export function relaunchKiosk(app: Pick<App, 'relaunch' | 'quit'>, argv: readonly string[]): void {
  relaunchApp(
    app,
    planRelaunch(argv, { drop: (arg) => arg.startsWith(`--${RELAUNCH_ATTEMPT_FLAG}=`) }),
  );
  // quit, not exit: before-quit lets the kiosk window close and the log flush.
  app.quit();
}
