/**
 * The kiosk's update cycle around an injected updater (electron-updater's autoUpdater in
 * the app, an EventEmitter in tests): idle → checking → downloading % → ready →
 * installing, or error, each change logged and readable as fleet health.
 *
 * - It checks shortly after start, then every `checkHours` ± 15 % jitter, so a fleet that
 *   started together spreads out over the feed.
 * - It downloads in the background; electron-updater verifies the file against the feed's
 *   sha512 (and, on Windows, the signature against publisherName).
 * - It installs only at a quiet moment (quiet-moment.ts): never during a session, a print
 *   or a dialog; inside the window at any such moment, otherwise after two minutes
 *   untouched on the attract screen. quitAndInstall(silent, run after) restarts the kiosk.
 * - A failed check, download or install is logged and retried with exponential backoff
 *   (equal jitter: 1, 2, 4 … minutes, up to the check period). The kiosk keeps selling.
 *
 * Pinning (update.pinVersion, e.g. from remote config to roll a fleet back): the feed is
 * read from `<feedUrl>/versions/<pin>/` instead of the root, with allowDowngrade on, and
 * only exactly that version is downloaded. Without a pin allowDowngrade is off: a channel
 * change never installs an older version by itself (electron-updater's channel setter
 * turns it on, so it is set after the channel).
 *
 * Two gates, one for each way a kiosk is steered. A kiosk that follows its channel takes
 * electron-updater's staged rollout: a channel file's `stagingPercentage` offers the version
 * only to that share of kiosks, by a random id each keeps. A pinned kiosk was chosen by the
 * operator (a fleet rollout's step, a rollback, a hand-set pin), so the pin is the gate and
 * the share is not applied on top: a rollout step that reached a kiosk installs there, and a
 * rollback is never held back by a percentage.
 */
import type { VerifyUpdateSupport } from 'electron-updater';
import type { KioskHealth } from '../../../shared/fleet/payloads';
import type { Logger } from '../logging/logging';
import { isQuietMoment, whenQuiet, type QuietActivity } from '../activity/quiet-moment';
import type { UpdateChannel } from '../../../shared/kiosk-config/config-keys';
import { feedFolder } from './feed-url';
import type { UpdateWindow } from '../../../shared/kiosk-config/update-window';

/** The `update` field of fleet health. */
export type UpdateStatus = NonNullable<KioskHealth['update']>;

/** What the machine uses of electron-updater's AppUpdater. */
export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  allowPrerelease: boolean;
  channel: string | null;
  setFeedURL(options: { provider: 'generic'; url: string; channel: string }): void;
  checkForUpdates(): Promise<{
    isUpdateAvailable: boolean;
    updateInfo: { version: string };
  } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'download-progress', listener: (info: { percent: number }) => void): unknown;
  /**
   * electron-updater's staged-rollout gate (its own `stagingPercentage` check until set);
   * absent on an updater that has none.
   */
  isUserWithinRollout?: VerifyUpdateSupport;
}

/** A pinned kiosk's gate: the pin chose it, whatever share the channel file names. */
const PINNED_KIOSK_TAKES_IT: VerifyUpdateSupport = () => true;

/** Each updater's own gate, as it was before any machine replaced it (one updater may serve two). */
const feedGates = new WeakMap<UpdaterPort, VerifyUpdateSupport>();
function feedGateOf(updater: UpdaterPort): VerifyUpdateSupport | undefined {
  const own = updater.isUserWithinRollout;
  if (!feedGates.has(updater) && own !== undefined) feedGates.set(updater, own);
  return feedGates.get(updater);
}

export interface UpdateSettings {
  feedUrl: string;
  channel: UpdateChannel;
  checkHours: number;
  window: UpdateWindow | null;
  pinVersion: string;
}

/** The settings remote config may change while the kiosk runs. */
export type RemoteUpdateSettings = Pick<UpdateSettings, 'channel' | 'pinVersion'>;

export interface UpdateMachineOptions {
  updater: UpdaterPort;
  settings: UpdateSettings;
  activity: QuietActivity;
  log: Logger;
  /** Called just before quitAndInstall, e.g. to let the kiosk window close. */
  beforeInstall?: () => void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** [0, 1). */
  random?: () => number;
}

export interface UpdateMachine {
  start(): void;
  stop(): void;
  /** A new channel or pin: what was found or downloaded before is dropped, and it checks soon. */
  reconfigure(settings: RemoteUpdateSettings): void;
  health(): UpdateStatus;
}

export const HOUR_MS = 3_600_000;
/** The first check: after startup has settled, spread over a minute. */
export const FIRST_CHECK_MS = { min: 5_000, max: 60_000 } as const;
/** Each later check: checkHours, give or take this share of it. */
export const CHECK_JITTER = 0.15;
/** Retries: 1 minute, doubling, never longer than the check period. */
export const RETRY_BASE_MS = 60_000;
/** quitAndInstall that has not ended this process by then has failed. */
export const INSTALL_TIMEOUT_MS = 120_000;

/** The delay before retry number `attempt` (1 = first): half the ceiling plus up to half. */
export function retryDelayMs(attempt: number, periodMs: number, random: () => number): number {
  const ceiling = Math.min(periodMs, RETRY_BASE_MS * 2 ** Math.min(Math.max(0, attempt - 1), 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The delay until the next regular check: the period ± CHECK_JITTER. */
export function checkDelayMs(periodMs: number, random: () => number): number {
  return Math.round(periodMs * (1 - CHECK_JITTER + 2 * CHECK_JITTER * random()));
}

/** For the log and fleet health: one line, no control characters, bounded. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .replace(/[\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 300) || 'unknown error'
  );
}

function describe(status: UpdateStatus): string {
  switch (status.state) {
    case 'idle':
      return 'idle, up to date';
    case 'checking':
      return 'checking the feed';
    case 'downloading':
      return `downloading ${status.version ?? ''} (${status.percent ?? 0} %)`;
    case 'ready':
      return `${status.version ?? 'the update'} is ready; it installs at the next quiet moment`;
    case 'installing':
      return `installing ${status.version ?? 'the update'} and restarting`;
    case 'error':
      return `error: ${status.error ?? 'unknown'}`;
  }
}

export function createUpdateMachine(options: UpdateMachineOptions): UpdateMachine {
  const { updater, log } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const setTimer =
    options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as NodeJS.Timeout));
  let settings = { ...options.settings };
  /** electron-updater's own stagingPercentage check, for kiosks that follow the channel. */
  const stagedByFeed = feedGateOf(updater);
  let status: UpdateStatus = { state: 'idle' };
  let timer: unknown = null;
  let failures = 0;
  let running = false;
  /** Bumped by reconfigure and stop: work begun under an older one is dropped. */
  let generation = 0;
  let waiting: AbortController | null = null;
  const periodMs = (): number => settings.checkHours * HOUR_MS;
  const quiet = {
    activity: options.activity,
    get window() {
      return settings.window;
    },
    now,
    setTimer,
    clearTimer,
  };

  const setStatus = (next: UpdateStatus): void => {
    const same =
      next.state === status.state &&
      next.version === status.version &&
      next.error === status.error &&
      // Progress is logged in quarters, not every chunk.
      Math.floor((next.percent ?? 0) / 25) === Math.floor((status.percent ?? 0) / 25);
    status = next;
    if (!same) log.info(`Updates: ${describe(next)}`);
  };

  const schedule = (ms: number): void => {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void check();
    }, ms);
  };

  const fail = (error: unknown, during: string): void => {
    failures += 1;
    const delay = retryDelayMs(failures, periodMs(), random);
    setStatus({ state: 'error', error: `${during}: ${describeError(error)}`.slice(0, 300) });
    log.warn(`Updates: ${during} failed; retrying in ${Math.round(delay / 1000)} s`);
    schedule(delay);
  };

  const applySettings = (): void => {
    const pinned = settings.pinVersion !== '';
    const channel = pinned ? 'latest' : settings.channel;
    updater.autoDownload = false;
    // Only quitAndInstall at a quiet moment installs; a staff exit never does.
    updater.autoInstallOnAppQuit = false;
    updater.allowPrerelease = !pinned && settings.channel === 'beta';
    updater.setFeedURL({
      provider: 'generic',
      url: pinned
        ? feedFolder(settings.feedUrl, `versions/${settings.pinVersion}`)
        : feedFolder(settings.feedUrl),
      channel,
    });
    updater.channel = channel;
    // After the channel, whose setter turns downgrades on.
    updater.allowDowngrade = pinned;
    if (stagedByFeed) updater.isUserWithinRollout = pinned ? PINNED_KIOSK_TAKES_IT : stagedByFeed;
  };

  async function install(version: string, mine: number): Promise<void> {
    waiting = new AbortController();
    try {
      await whenQuiet(quiet, waiting.signal);
    } catch {
      return; // reconfigured or stopped while waiting
    }
    if (mine !== generation) return;
    // The promise settled a tick after the moment was seen: look again before acting.
    if (!isQuietMoment(quiet)) {
      void install(version, mine);
      return;
    }
    setStatus({ state: 'installing', version });
    try {
      options.beforeInstall?.();
      updater.quitAndInstall(true, true);
    } catch (error) {
      fail(error, `installing ${version}`);
      return;
    }
    // A working install ends this process; one that did not is retried later.
    timer = setTimer(() => {
      timer = null;
      if (mine === generation)
        fail(new Error('the kiosk did not restart'), `installing ${version}`);
    }, INSTALL_TIMEOUT_MS);
  }

  async function check(): Promise<void> {
    if (!running || status.state === 'ready' || status.state === 'installing') return;
    const mine = generation;
    const pin = settings.pinVersion;
    setStatus({ state: 'checking' });
    let version: string;
    try {
      const result = await updater.checkForUpdates();
      if (mine !== generation) return;
      if (!result?.isUpdateAvailable) {
        failures = 0;
        setStatus({ state: 'idle' });
        schedule(checkDelayMs(periodMs(), random));
        return;
      }
      version = result.updateInfo.version;
      if (pin !== '' && version !== pin) {
        throw new Error(`the feed for the pinned ${pin} offers ${version}`);
      }
    } catch (error) {
      if (mine === generation) fail(error, 'checking the feed');
      return;
    }
    setStatus({ state: 'downloading', percent: 0, version });
    try {
      await updater.downloadUpdate();
    } catch (error) {
      if (mine === generation) fail(error, `downloading ${version}`);
      return;
    }
    if (mine !== generation) return;
    failures = 0;
    setStatus({ state: 'ready', version });
    void install(version, mine);
  }

  updater.on('download-progress', ({ percent }) => {
    if (status.state !== 'downloading') return;
    const clamped = Math.min(100, Math.max(0, Math.floor(Number.isFinite(percent) ? percent : 0)));
    setStatus({ ...status, percent: clamped });
  });

  const restart = (): void => {
    generation += 1;
    waiting?.abort();
    waiting = null;
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  return {
    start: () => {
      if (running) return;
      running = true;
      applySettings();
      log.info(
        `Updates: feed ${settings.feedUrl}, channel ${settings.channel}${settings.pinVersion ? `, pinned to ${settings.pinVersion}` : ''}, every ${settings.checkHours} h`,
      );
      schedule(FIRST_CHECK_MS.min + random() * (FIRST_CHECK_MS.max - FIRST_CHECK_MS.min));
    },
    stop: () => {
      running = false;
      restart();
    },
    reconfigure: (next) => {
      if (next.channel === settings.channel && next.pinVersion === settings.pinVersion) return;
      if (status.state === 'installing') return;
      settings = { ...settings, ...next };
      restart();
      failures = 0;
      log.info(
        `Updates: now ${settings.pinVersion ? `pinned to ${settings.pinVersion}` : `on channel ${settings.channel}`}`,
      );
      setStatus({ state: 'idle' });
      if (!running) return;
      applySettings();
      schedule(FIRST_CHECK_MS.min + random() * (FIRST_CHECK_MS.max - FIRST_CHECK_MS.min));
    },
    health: () => ({ ...status }),
  };
}
