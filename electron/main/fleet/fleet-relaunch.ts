/**
 * Relaunches the fleet asks for, or that a new config needs: the kiosk says offline (at
 * most QUIT_WAIT_MS for the broker), then starts again, never in front of a shopper. A key
 * that waits for a relaunch (not `live` in the key table) waits for the next safe moment,
 * and a config that goes back to what the kiosk started with needs none.
 */
import type { App } from 'electron';
import type { Activity } from '../../../fleet-agent/kiosk/activity';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import type { LiveConfig } from '../config/live-config';
import type { Logger } from '../logging/logging';
import { RELAUNCH_ATTEMPT_FLAG } from '../self-care/recovery';
import { planRelaunch, relaunchApp } from '../self-care/relaunch';

/** How long a quit or a relaunch waits for the broker to take the offline status. */
export const QUIT_WAIT_MS = 1000;

/** Waits for `promise` (whatever it settles to), but at most `ms`. */
export function bounded(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export interface FleetRelaunchOptions {
  app: Pick<App, 'relaunch' | 'exit'>;
  argv: readonly string[];
  liveConfig: Pick<LiveConfig, 'pendingRelaunch' | 'files' | 'current'>;
  activity: Pick<Activity, 'whenSafe'>;
  /** Whether the remote config in force is kept on disk for the relaunched kiosk. */
  remoteKept: () => boolean;
  /** Says offline and disconnects. */
  stop: () => Promise<void>;
  quitWaitMs: number;
  log: Logger;
}

export interface FleetRelaunch {
  /** Relaunches now (once), after saying offline. */
  now(reason: string): Promise<void>;
  /** Plans (or drops) the relaunch the keys waiting for one need. */
  followPending(): void;
}

export function createFleetRelaunch(options: FleetRelaunchOptions): FleetRelaunch {
  const { app, liveConfig, log } = options;
  let relaunching = false;
  let waiting: AbortController | null = null;

  const now = async (reason: string): Promise<void> => {
    if (relaunching) return;
    relaunching = true;
    log.info(`Fleet: relaunching the kiosk (${reason})`);
    await bounded(options.stop(), options.quitWaitMs);
    // A relaunch asked for is not a crash: the crash-loop count starts again.
    const attempt = `--${RELAUNCH_ATTEMPT_FLAG}=`;
    relaunchApp(app, planRelaunch(options.argv, { drop: (arg) => arg.startsWith(attempt) }));
    app.exit(0);
  };

  /** At the safe moment: relaunch, if keys still wait and the relaunched kiosk will have them. */
  const atSafeMoment = (): void => {
    waiting = null;
    const pending = liveConfig.pendingRelaunch();
    if (pending.length === 0) return;
    // The relaunched kiosk reads the remote config from disk: without it, it would take
    // the retained payload again and relaunch again, for ever.
    const files: KioskConfig = liveConfig.files();
    const current: KioskConfig = liveConfig.current();
    const fromRemote = pending.some((key) => files[key] !== current[key]);
    if (fromRemote && !options.remoteKept()) {
      log.warn(
        'Fleet: the remote config could not be kept on disk, so a relaunch would lose it; the change waits for the next start',
      );
      return;
    }
    void now('a new config');
  };

  return {
    now,
    followPending: () => {
      const pending = liveConfig.pendingRelaunch();
      if (pending.length === 0) {
        if (waiting) log.info('Fleet: the config is back as it started; no relaunch needed');
        waiting?.abort();
        waiting = null;
        return;
      }
      if (waiting) return;
      log.info(`Fleet: ${pending.join(', ')} changed; relaunching at the next safe moment`);
      const wait = new AbortController();
      waiting = wait;
      options.activity.whenSafe(wait.signal).then(atSafeMoment, () => undefined);
    },
  };
}
