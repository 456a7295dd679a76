/**
 * The update cycle with a stand-in autoUpdater (an EventEmitter with the real one's
 * channel/allowDowngrade coupling) and fake timers: the real activity module decides
 * whether a shopper is there.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { updateStatusSchema } from '../../../../shared/fleet/payloads';
import { createActivity, type Activity } from '../../../../fleet-agent/kiosk/activity';
import {
  CHECK_JITTER,
  createUpdateMachine,
  FIRST_CHECK_MS,
  HOUR_MS,
  INSTALL_TIMEOUT_MS,
  retryDelayMs,
  type UpdateMachine,
  type UpdaterPort,
  type UpdateSettings,
} from '../../../../electron/main/updates/update-machine';
import type { UpdateInfo, VerifyUpdateSupport } from 'electron-updater';
import { parseUpdateWindow } from '../../../../shared/kiosk-config/update-window';
import { as, fakeLogger } from '../../support/fake-electron';

type CheckResult = { isUpdateAvailable: boolean; updateInfo: { version: string } } | null;

class FakeUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  allowDowngrade = false;
  allowPrerelease = false;
  private currentChannel: string | null = null;
  feeds: { provider: 'generic'; url: string; channel: string }[] = [];
  /** What the feed offers; electron-updater's own comparison is not modelled here. */
  offer: () => Promise<CheckResult> = () =>
    Promise.resolve({ isUpdateAvailable: false, updateInfo: { version: '1.0.0' } });
  download: () => Promise<unknown> = () => Promise.resolve([]);
  checkForUpdates = vi.fn(() => this.offer());
  downloadUpdate = vi.fn(() => this.download());
  quitAndInstall = vi.fn();

  get channel(): string | null {
    return this.currentChannel;
  }
  // As electron-updater's setter does.
  set channel(value: string | null) {
    this.currentChannel = value;
    this.allowDowngrade = true;
  }
  setFeedURL(options: { provider: 'generic'; url: string; channel: string }): void {
    this.feeds.push(options);
  }
}

const available = (version: string) => () =>
  Promise.resolve({ isUpdateAvailable: true, updateInfo: { version } });

const MINUTE = 60_000;
// Monday 2026-11-23 12:00 local: far from the default 02:00-04:00 window.
const NOON = new Date(2026, 10, 23, 12, 0).getTime();

let updater: FakeUpdater;
let activity: Activity;
let log: ReturnType<typeof fakeLogger>;
let machine: UpdateMachine;
let beforeInstall: Mock<() => void>;

function start(settings: Partial<UpdateSettings> = {}, random: () => number = () => 0.5) {
  machine = createUpdateMachine({
    updater,
    settings: {
      feedUrl: 'https://updates.example/kiosk',
      channel: 'latest',
      checkHours: 4,
      window: parseUpdateWindow('02:00-04:00'),
      pinVersion: '',
      ...settings,
    },
    activity,
    log,
    beforeInstall,
    random,
  });
  machine.start();
}

/** Lets the first check (at most a minute after start) and its promises run. */
async function firstCheck(): Promise<void> {
  await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS.max);
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOON });
  updater = new FakeUpdater();
  activity = createActivity({ idleWipeEnabled: () => true });
  log = fakeLogger();
  beforeInstall = vi.fn<() => void>();
});

afterEach(() => {
  machine.stop();
  vi.useRealTimers();
});

describe('the update machine', () => {
  it('sets the updater up: root feed, no auto download or install on quit, no downgrades', () => {
    start();
    expect(updater.feeds).toEqual([
      { provider: 'generic', url: 'https://updates.example/kiosk/', channel: 'latest' },
    ]);
    expect(updater.channel).toBe('latest');
    expect(updater).toMatchObject({
      autoDownload: false,
      autoInstallOnAppQuit: false,
      allowDowngrade: false,
      allowPrerelease: false,
    });
  });

  it('takes prereleases on the beta channel', () => {
    start({ channel: 'beta' });
    expect(updater.feeds.at(-1)?.channel).toBe('beta');
    expect(updater).toMatchObject({
      channel: 'beta',
      allowPrerelease: true,
      allowDowngrade: false,
    });
  });

  it('checks within a minute of start, then every checkHours within the jitter bounds', async () => {
    for (const random of [() => 0, () => 0.999_999]) {
      vi.setSystemTime(NOON);
      updater = new FakeUpdater();
      start({}, random);
      const first = random() === 0 ? FIRST_CHECK_MS.min : FIRST_CHECK_MS.max;
      await vi.advanceTimersByTimeAsync(first - 100);
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(0);
      await vi.advanceTimersByTimeAsync(200);
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
      const period = 4 * HOUR_MS;
      const next = random() === 0 ? period * (1 - CHECK_JITTER) : period * (1 + CHECK_JITTER);
      await vi.advanceTimersByTimeAsync(next - 1000);
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
      machine.stop();
    }
  });

  it('downloads in the background and reports its progress as health', async () => {
    let finish: (value: unknown) => void = () => undefined;
    updater.offer = available('1.1.0');
    updater.download = () =>
      new Promise((resolve) => {
        finish = resolve;
      });
    start();
    await firstCheck();
    expect(machine.health()).toEqual({ state: 'downloading', percent: 0, version: '1.1.0' });
    updater.emit('download-progress', { percent: 42.7 });
    expect(machine.health()).toEqual({ state: 'downloading', percent: 42, version: '1.1.0' });
    expect(updateStatusSchema.safeParse(machine.health()).success).toBe(true);
    activity.setScreen('shopping');
    finish([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(machine.health()).toEqual({ state: 'ready', version: '1.1.0' });
    const lines = log.info.mock.calls.map(([line]) => line);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Updates: checking the feed',
        'Updates: downloading 1.1.0 (0 %)',
        'Updates: downloading 1.1.0 (42 %)',
        'Updates: 1.1.0 is ready; it installs at the next quiet moment',
      ]),
    );
  });

  it('never installs during a session, a print or a dialog, however long they last', async () => {
    updater.offer = available('1.1.0');
    activity.setScreen('shopping');
    start();
    await firstCheck();
    expect(machine.health().state).toBe('ready');
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    // Back on the attract screen, but a receipt is printing, then a dialog is open.
    activity.setScreen('attract');
    activity.setBusy('print', true);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    activity.setBusy('print', false);
    activity.setBusy('dialog', true);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    // Even inside the window, a session holds it off.
    activity.setBusy('dialog', false);
    activity.setScreen('shopping');
    vi.setSystemTime(new Date(2026, 10, 24, 2, 30));
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('installs after two minutes untouched on the attract screen, silently, and runs again', async () => {
    updater.offer = available('1.1.0');
    start();
    activity.setScreen('shopping');
    await firstCheck();
    activity.setScreen('attract');
    activity.input();
    await vi.advanceTimersByTimeAsync(90_000);
    // A touch just before the two minutes starts them again.
    activity.input();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(updater.quitAndInstall).toHaveBeenCalledExactlyOnceWith(true, true);
    expect(beforeInstall).toHaveBeenCalledBefore(updater.quitAndInstall);
    expect(machine.health()).toEqual({ state: 'installing', version: '1.1.0' });
  });

  it('installs at once inside the window when nobody is served', async () => {
    vi.setSystemTime(new Date(2026, 10, 24, 2, 15));
    updater.offer = available('1.1.0');
    start();
    activity.setScreen('shopping');
    await firstCheck();
    activity.setScreen('attract');
    await vi.advanceTimersByTimeAsync(0);
    expect(updater.quitAndInstall).toHaveBeenCalledExactlyOnceWith(true, true);
  });

  it('waits for the window to open when the screen stays untouched but is not the attract screen', async () => {
    // Idle wipe off: a receipt screen left alone is nobody there after two minutes.
    activity = createActivity({ idleWipeEnabled: () => false });
    updater.offer = available('1.1.0');
    activity.setScreen('receipt');
    activity.setBusy('dialog', true);
    start();
    await firstCheck();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    activity.setBusy('dialog', false);
    await vi.advanceTimersByTimeAsync(0);
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it('pins a version: reads its own folder, allows the downgrade, takes exactly that version', async () => {
    updater.offer = available('1.0.0');
    start({ pinVersion: '1.0.0', channel: 'beta' });
    expect(updater.feeds.at(-1)).toEqual({
      provider: 'generic',
      url: 'https://updates.example/kiosk/versions/1.0.0/',
      channel: 'latest',
    });
    expect(updater).toMatchObject({ allowDowngrade: true, allowPrerelease: false });
    await firstCheck();
    expect(updater.downloadUpdate).toHaveBeenCalledTimes(1);
    expect(machine.health()).toEqual({ state: 'ready', version: '1.0.0' });
  });

  it('a pinned kiosk takes its pin whatever share the channel file stages; following the channel again brings the share back', () => {
    // electron-updater's own gate, as its staged rollout would answer for a kiosk outside it.
    const staged: VerifyUpdateSupport = () => false;
    const port: UpdaterPort = Object.assign(updater, { isUserWithinRollout: staged });
    start();
    expect(port.isUserWithinRollout).toBe(staged);
    machine.reconfigure({ channel: 'latest', pinVersion: '1.0.0' });
    const info = as<UpdateInfo>({ version: '1.0.0', stagingPercentage: 1 });
    expect(port.isUserWithinRollout?.(info)).toBe(true);
    machine.reconfigure({ channel: 'latest', pinVersion: '' });
    expect(port.isUserWithinRollout).toBe(staged);
    // A machine made again on the same updater still knows the feed's own gate.
    machine.reconfigure({ channel: 'latest', pinVersion: '1.0.0' });
    machine.stop();
    start();
    expect(port.isUserWithinRollout).toBe(staged);
  });

  it('refuses another version from the pinned folder', async () => {
    updater.offer = available('1.3.0');
    start({ pinVersion: '1.0.0' });
    await firstCheck();
    expect(updater.downloadUpdate).not.toHaveBeenCalled();
    expect(machine.health()).toMatchObject({
      state: 'error',
      error: 'checking the feed: the feed for the pinned 1.0.0 offers 1.3.0',
    });
  });

  it('a pin from remote config drops a downloaded update and rolls back instead', async () => {
    updater.offer = available('1.3.0');
    activity.setScreen('shopping');
    start();
    await firstCheck();
    expect(machine.health()).toEqual({ state: 'ready', version: '1.3.0' });
    updater.offer = available('1.0.0');
    machine.reconfigure({ channel: 'latest', pinVersion: '1.0.0' });
    expect(machine.health()).toEqual({ state: 'idle' });
    expect(updater.allowDowngrade).toBe(true);
    await firstCheck();
    expect(machine.health()).toEqual({ state: 'ready', version: '1.0.0' });
    activity.setScreen('attract');
    await vi.advanceTimersByTimeAsync(0);
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
    expect(log.info).not.toHaveBeenCalledWith(expect.stringContaining('installing 1.3.0'));
  });

  it('retries a broken feed with exponential backoff and goes back to the period after', async () => {
    updater.offer = () => Promise.reject(new Error('getaddrinfo ENOTFOUND updates.example'));
    start({}, () => 0);
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS.min + 10);
    expect(machine.health()).toEqual({
      state: 'error',
      error: 'checking the feed: getaddrinfo ENOTFOUND updates.example',
    });
    // random 0 gives the shortest of each retry: half its ceiling, 1, 2, 4 … minutes.
    const calls = () => updater.checkForUpdates.mock.calls.length;
    const advanceTo = (at: number) => vi.advanceTimersByTimeAsync(at - Date.now());
    let failedAt = NOON + FIRST_CHECK_MS.min;
    for (const [attempt, ceilingMinutes] of [
      [1, 1],
      [2, 2],
      [3, 4],
      [4, 8],
    ] as const) {
      expect(retryDelayMs(attempt, 4 * HOUR_MS, () => 0)).toBe((ceilingMinutes * MINUTE) / 2);
      const before = calls();
      const retryAt = failedAt + (ceilingMinutes * MINUTE) / 2;
      await advanceTo(retryAt - 100);
      expect(calls()).toBe(before);
      await advanceTo(retryAt + 100);
      expect(calls()).toBe(before + 1);
      failedAt = retryAt;
    }
    expect(log.warn).toHaveBeenCalledWith('Updates: checking the feed failed; retrying in 480 s');
    updater.offer = () =>
      Promise.resolve({ isUpdateAvailable: false, updateInfo: { version: '1.0.0' } });
    await vi.advanceTimersByTimeAsync(8 * MINUTE + 100);
    expect(machine.health()).toEqual({ state: 'idle' });
    const before = calls();
    await vi.advanceTimersByTimeAsync(4 * HOUR_MS * (1 - CHECK_JITTER) - 1000);
    expect(calls()).toBe(before);
  });

  it('never waits longer than the check period between retries', () => {
    expect(retryDelayMs(30, 4 * HOUR_MS, () => 0.999_999)).toBeLessThanOrEqual(4 * HOUR_MS);
    expect(retryDelayMs(30, 4 * HOUR_MS, () => 0)).toBe(2 * HOUR_MS);
  });

  it('retries a failed download, and an install that did not restart the kiosk', async () => {
    updater.offer = available('1.1.0');
    updater.download = () => Promise.reject(new Error('sha512 checksum mismatch'));
    start({}, () => 0);
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS.min + 10);
    expect(machine.health()).toEqual({
      state: 'error',
      error: 'downloading 1.1.0: sha512 checksum mismatch',
    });
    updater.download = () => Promise.resolve([]);
    // The retry after 30 s, then the attract screen's two untouched minutes since start.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(machine.health()).toEqual({ state: 'ready', version: '1.1.0' });
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
    // Installed at 2 min; the retry of a failed install would come 30 s after the timeout.
    await vi.advanceTimersByTimeAsync(INSTALL_TIMEOUT_MS - 20_000);
    expect(machine.health()).toEqual({
      state: 'error',
      error: 'installing 1.1.0: the kiosk did not restart',
    });
  });

  it('keeps error text to one bounded line, as fleet health takes it', async () => {
    updater.offer = () => Promise.reject(new Error(`bad\nfeed ${'x'.repeat(400)}`));
    start();
    await firstCheck();
    const health = machine.health();
    expect(updateStatusSchema.safeParse(health).success).toBe(true);
    expect(health.error).not.toContain('\n');
  });
});
