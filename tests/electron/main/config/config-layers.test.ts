import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../../../shared/kiosk-config/config-keys';
import {
  commandLineLayer,
  defaultsLayer,
  environmentLayer,
  lockdownLayer,
  mergeConfigLayers,
  objectLayer,
  type ConfigLayer,
} from '../../../../electron/main/config/config-layers';

const HASH = 'scrypt:32768:8:1:BwcHBwcHBwcHBwcHBwcHBw:' + 'A'.repeat(43);
const MACHINE = '/etc/kiosk-shop/kiosk-config.json';

function logger() {
  return { info: vi.fn<(line: string) => void>(), warn: vi.fn<(line: string) => void>() };
}

const layer = (name: ConfigLayer['name'], values: ConfigLayer['values']): ConfigLayer => ({
  name,
  values,
});

describe('merging the config layers', () => {
  it('ranks layers by CONFIG_LAYERS, not by their place in the list', () => {
    const log = logger();
    const { config, origins } = mergeConfigLayers(
      [
        defaultsLayer(),
        layer('config file', { printerName: 'File', idleTimeoutSeconds: 10, mode: 'windowed' }),
        layer('remote', { printerName: 'Remote', idleTimeoutSeconds: 20 }),
        layer('command line', { printerName: 'CLI' }),
        layer('environment', { printerName: 'Env', idleTimeoutSeconds: 30 }),
      ],
      log,
    );
    expect(config).toEqual({
      ...DEFAULT_CONFIG,
      printerName: 'CLI',
      idleTimeoutSeconds: 30,
      mode: 'windowed',
    });
    expect(origins).toMatchObject({
      printerName: 'command line',
      idleTimeoutSeconds: 'environment',
      mode: 'config file',
      catalogueUrl: 'defaults',
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('puts the remote layer under the environment and over the account file', () => {
    const { config } = mergeConfigLayers(
      [
        layer('config file', { idleCountdownSeconds: 10, printerName: 'File' }),
        layer('remote', { idleCountdownSeconds: 20, printerName: 'Remote' }),
        layer('environment', { printerName: 'Env' }),
      ],
      logger(),
    );
    expect(config).toMatchObject({ idleCountdownSeconds: 20, printerName: 'Env' });
  });

  it('lets a machine-wide key beat every layer, and names what it overrode', () => {
    const log = logger();
    const machine = objectLayer(
      { mode: 'kiosk', printerName: 'Front' },
      'machine-wide file',
      MACHINE,
      log,
      {
        locking: true,
      },
    );
    const { config, origins } = mergeConfigLayers(
      [
        layer('remote', { mode: 'windowed', printerName: 'Remote', idleTimeoutSeconds: 5 }),
        layer('command line', { mode: 'windowed' }),
        machine,
      ],
      log,
    );
    expect(config).toMatchObject({ mode: 'kiosk', printerName: 'Front', idleTimeoutSeconds: 5 });
    expect(origins).toMatchObject({ mode: 'machine-wide file', idleTimeoutSeconds: 'remote' });
    expect(log.warn).toHaveBeenCalledExactlyOnceWith(
      `Config: ${MACHINE} locks these keys, so other values are ignored: mode (command line), mode (remote), printerName (remote)`,
    );
  });

  it('locks the staff PIN and its hash together', () => {
    const log = logger();
    const machine = objectLayer({ staffPin: '482913' }, 'machine-wide file', MACHINE, log, {
      locking: true,
    });
    expect(machine.locks).toEqual(['staffPin', 'staffPinHash']);
    const { config } = mergeConfigLayers(
      [machine, layer('environment', { staffPinHash: HASH })],
      log,
    );
    expect(config).toMatchObject({ staffPin: '482913', staffPinHash: '' });
  });

  it('holds a machine-wide key with no valid value at its default', () => {
    const log = logger();
    const machine = objectLayer(
      { catalogueUrl: 'ftp://x', mode: 'open' },
      'machine-wide file',
      MACHINE,
      log,
      {
        locking: true,
      },
    );
    expect(machine.values).toEqual({});
    const { config, origins } = mergeConfigLayers(
      [machine, layer('command line', { mode: 'windowed', catalogueUrl: 'https://evil.example' })],
      log,
    );
    expect(config).toEqual(DEFAULT_CONFIG);
    expect(origins).toMatchObject({ mode: 'machine-wide file', catalogueUrl: 'machine-wide file' });
  });

  it('a lockdown holds mode, PIN, hash, catalogue, the remote config and enrolment keys, the update feed and signer at their safe defaults, and nothing else', () => {
    const log = logger();
    const lockdown = lockdownLayer(MACHINE);
    expect(lockdown.locks).toEqual([
      'catalogueUrl',
      'mode',
      'staffPin',
      'staffPinHash',
      'fleet.configPublicKey',
      'fleet.enrolmentPublicKey',
      'update.feedUrl',
      'update.publisherName',
    ]);
    const { config } = mergeConfigLayers(
      [
        lockdown,
        commandLineLayer(['kiosk', '--windowed', '--staff-pin=111111', '--idle-timeout=30'], log),
        environmentLayer(
          { SHOP_STAFF_PIN_HASH: HASH, SHOP_CATALOGUE_URL: 'https://x.example' },
          log,
        ),
      ],
      log,
    );
    expect(config).toEqual({ ...DEFAULT_CONFIG, idleTimeoutSeconds: 30 });
    expect(DEFAULT_CONFIG).toMatchObject({
      mode: 'kiosk',
      staffPin: '',
      staffPinHash: '',
      catalogueUrl: '',
    });
  });

  it('without a machine-wide file, the account decides everything', () => {
    const log = logger();
    const { config } = mergeConfigLayers(
      [
        commandLineLayer(['kiosk', '--windowed', '--staff-pin=111111'], log),
        objectLayer({ catalogueUrl: 'https://shop.example' }, 'config file', '/home/k/c.json', log),
      ],
      log,
    );
    expect(config).toMatchObject({
      mode: 'windowed',
      staffPin: '111111',
      catalogueUrl: 'https://shop.example',
    });
  });
});
