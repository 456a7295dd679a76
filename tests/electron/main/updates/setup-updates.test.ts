import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateStatusSchema } from '../../../../shared/fleet/payloads';
import { createActivity } from '../../../../electron/main/activity/activity';
import { DEFAULT_CONFIG } from '../../../../electron/main/config/config-keys';
import {
  currentUpdateHealth,
  setupUpdates,
  type UpdatesOptions,
} from '../../../../electron/main/updates/setup-updates';
import { fakeLogger } from '../../support/fake-electron';

function options(overrides: Partial<UpdatesOptions> = {}): UpdatesOptions {
  return {
    config: DEFAULT_CONFIG,
    activity: createActivity({ idleWipeEnabled: () => true }),
    log: fakeLogger(),
    userDataDir: '/tmp/kiosk-no-user-data',
    platform: 'linux',
    install: () => 'appimage',
    writeFile: vi.fn(),
    beforeInstall: vi.fn(),
    ...overrides,
  };
}

class IdleUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  allowDowngrade = false;
  allowPrerelease = false;
  channel: string | null = null;
  setFeedURL = vi.fn();
  checkForUpdates = vi.fn(() =>
    Promise.resolve({ isUpdateAvailable: false, updateInfo: { version: '0.1.0' } }),
  );
  downloadUpdate = vi.fn(() => Promise.resolve([]));
  quitAndInstall = vi.fn();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('setupUpdates', () => {
  it('stays off, never loading electron-updater, without a feed', async () => {
    const load = vi.fn();
    const log = fakeLogger();
    expect(await setupUpdates(options({ load, log }))).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith('Updates: off (no update.feedUrl)');
    expect(currentUpdateHealth()).toBeNull();
  });

  it.each(['deb', 'rpm', 'pacman'] as const)(
    'stays off for a .%s install, which the package manager updates: never loads electron-updater',
    async (kind) => {
      const load = vi.fn();
      const log = fakeLogger();
      const machine = await setupUpdates(
        options({
          config: { ...DEFAULT_CONFIG, 'update.feedUrl': 'https://updates.example/' },
          install: () => kind,
          load,
          log,
        }),
      );
      expect(machine).toBeNull();
      expect(load).not.toHaveBeenCalled();
      expect(log.info).toHaveBeenCalledWith(
        `Updates: off (this kiosk was installed as a .${kind} package, which the system's package manager updates)`,
      );
    },
  );

  it('stays off for a Linux kiosk that is not an AppImage', async () => {
    const load = vi.fn();
    const machine = await setupUpdates(
      options({
        config: { ...DEFAULT_CONFIG, 'update.feedUrl': 'https://updates.example/' },
        install: () => 'unknown',
        load,
      }),
    );
    expect(machine).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('hands the updater the key the feed is signed with and the minimum app version', async () => {
    const load = vi.fn(() => Promise.resolve(null));
    await setupUpdates(
      options({
        config: {
          ...DEFAULT_CONFIG,
          'update.feedUrl': 'https://updates.example/',
          'fleet.configPublicKey': 'k'.repeat(43),
          'update.minVersion': '1.4.0',
        },
        load,
      }),
    );
    expect(load).toHaveBeenCalledWith(
      expect.objectContaining({ feedPublicKey: 'k'.repeat(43), minVersion: '1.4.0' }),
    );
  });

  it('stays off, logged, when the updater cannot load', async () => {
    const log = fakeLogger();
    const machine = await setupUpdates(
      options({
        config: { ...DEFAULT_CONFIG, 'update.feedUrl': 'https://updates.example/' },
        load: () => Promise.reject(new Error('no app')),
        log,
      }),
    );
    expect(machine).toBeNull();
    expect(log.error).toHaveBeenCalledWith('Updates: off. The updater did not load (no app)');
  });

  it('runs the machine on the feed and reports its state as fleet health', async () => {
    vi.useFakeTimers();
    const updater = new IdleUpdater();
    const machine = await setupUpdates(
      options({
        config: {
          ...DEFAULT_CONFIG,
          'update.feedUrl': 'https://updates.example/kiosk',
          'update.pinVersion': '0.1.0',
        },
        load: () => Promise.resolve(updater),
      }),
    );
    expect(machine).not.toBeNull();
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example/kiosk/versions/0.1.0/',
      channel: 'latest',
    });
    expect(currentUpdateHealth()).toEqual({ state: 'idle' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(updateStatusSchema.parse(currentUpdateHealth())).toEqual({ state: 'idle' });
    machine?.stop();
  });
});
