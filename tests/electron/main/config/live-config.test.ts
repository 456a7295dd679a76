import { describe, expect, it, vi } from 'vitest';
import type { ConfigLayer } from '../../../../electron/main/config/config-layers';
import { createLiveConfig, type RemoteLayers } from '../../../../electron/main/config/live-config';
import { fakeConfigSources, USER_CONFIG_FILE } from '../../support/config-sources';

const MACHINE = '/etc/kiosk-shop/kiosk-config.json';

/** Remote layers a test sets by hand. */
function handRemote(initial: ConfigLayer['values'] = {}) {
  const remote = {
    values: initial,
    reverify: vi.fn(),
    layers: (): ConfigLayer[] => [{ name: 'remote', values: remote.values }],
  };
  return remote satisfies RemoteLayers;
}

describe('the live config', () => {
  it('starts with the remote layers over the account file, under the command line', () => {
    const files = { [USER_CONFIG_FILE]: { idleTimeoutSeconds: 60, printerName: 'A4' } };
    const { sources } = fakeConfigSources(files, { argv: ['kiosk', '--printer-name=TM-T20'] });
    const remote = handRemote({ idleTimeoutSeconds: 30, printerName: 'remote' });
    const live = createLiveConfig(sources, () => remote);
    expect(live.startup).toMatchObject({ idleTimeoutSeconds: 30, printerName: 'TM-T20' });
    expect(live.files()).toMatchObject({ idleTimeoutSeconds: 60 });
    expect(live.remote).toBe(remote);
  });

  it('gives the remote factory what the files say and what the machine-wide file locks', () => {
    const files = {
      [MACHINE]: { idleTimeoutSeconds: 120 },
      [USER_CONFIG_FILE]: { fleet: { configPublicKey: 'A'.repeat(43) } },
    };
    const { sources } = fakeConfigSources(files, { packaged: true, machineConfigPath: MACHINE });
    const seen = vi.fn();
    createLiveConfig(sources, (view) => {
      seen(view.config()['fleet.configPublicKey'], view.locks());
      return null;
    });
    expect(seen).toHaveBeenCalledExactlyOnceWith('A'.repeat(43), ['idleTimeoutSeconds']);
  });

  it('puts live keys in force at once, and holds the others for a relaunch', () => {
    const { sources } = fakeConfigSources();
    const remote = handRemote();
    const live = createLiveConfig(sources, () => remote);
    remote.values = { idleTimeoutSeconds: 45, catalogueUrl: 'https://shop.example.com/api' };
    expect(live.refresh().sort()).toEqual(['catalogueUrl', 'idleTimeoutSeconds']);
    expect(live.current().catalogueUrl).toBe('https://shop.example.com/api');
    expect(live.effective()).toMatchObject({ idleTimeoutSeconds: 45, catalogueUrl: '' });
    expect(live.pendingRelaunch()).toEqual(['catalogueUrl']);
    remote.values = { idleTimeoutSeconds: 45 };
    live.refresh();
    expect(live.pendingRelaunch()).toEqual([]);
  });

  it('reads the files again on reload, and has the remote layers checked again', () => {
    const files: Record<string, unknown> = { [USER_CONFIG_FILE]: { idleCountdownSeconds: 20 } };
    const { sources } = fakeConfigSources(files);
    const remote = handRemote();
    const live = createLiveConfig(sources, () => remote);
    files[USER_CONFIG_FILE] = { idleCountdownSeconds: 25, mode: 'windowed' };
    expect(live.reload().sort()).toEqual(['idleCountdownSeconds', 'mode']);
    expect(remote.reverify).toHaveBeenCalledTimes(1);
    expect(live.effective()).toMatchObject({ idleCountdownSeconds: 25, mode: 'kiosk' });
    expect(live.pendingRelaunch()).toEqual(['mode']);
    expect(live.reload()).toEqual([]);
  });

  it('logs the files’ warnings once at start, not once per view', () => {
    const files = { [USER_CONFIG_FILE]: { catalogueUrl: 'http://10.0.0.5/api' } };
    const { sources, log } = fakeConfigSources(files);
    createLiveConfig(sources, () => handRemote());
    expect(log.warn.mock.calls.filter(([line]) => line.includes('plain http'))).toHaveLength(1);
  });
});
