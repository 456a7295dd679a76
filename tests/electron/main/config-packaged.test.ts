/**
 * An installed kiosk (app.isPackaged) reads its config only from the documented files, and
 * the machine-wide one, which the kiosk account cannot write, wins over everything that
 * account controls: its config file, its environment and its shortcut's command line.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  loadConfig,
  machineConfigPath,
  resolveConfigPath,
  type ConfigSources,
} from '../../../electron/main/config';
import type { fakeLogger } from '../support/fake-electron';
import { fakeConfigSources, HASH, USER_CONFIG_FILE, USER_DATA } from '../support/config-sources';

const USER_FILE = USER_CONFIG_FILE;
const MACHINE_FILE = '/etc/kiosk-shop/kiosk-config.json';
const OTHER_HASH = 'scrypt:32768:8:1:CAgICAgICAgICAgICAgICA:' + 'B'.repeat(43);

function packaged(files: Record<string, unknown>, overrides: Partial<ConfigSources> = {}) {
  return fakeConfigSources(files, {
    argv: ['/opt/Kiosk Shop/kiosk-shop'],
    packaged: true,
    machineConfigPath: MACHINE_FILE,
    canReplace: () => false,
    ...overrides,
  });
}

const warnings = (log: ReturnType<typeof fakeLogger>): string[] =>
  log.warn.mock.calls.map(([line]) => line);

describe('the config of an installed kiosk', () => {
  it('lives machine-wide where only administrators write: /etc, C:\\ProgramData, /Library', () => {
    expect(machineConfigPath('linux')).toBe('/etc/kiosk-shop/kiosk-config.json');
    expect(machineConfigPath('win32')).toBe('C:\\ProgramData\\Kiosk Shop\\kiosk-config.json');
    expect(machineConfigPath('darwin')).toBe(
      '/Library/Application Support/Kiosk Shop/kiosk-config.json',
    );
  });

  it('ignores --config and SHOP_CONFIG, and says so', () => {
    const { sources, log } = packaged(
      {
        '/tmp/mine.json': { staffPin: '1111', mode: 'windowed' },
        '/tmp/env.json': { staffPin: '2222' },
      },
      { argv: ['kiosk', '--config=/tmp/mine.json'], env: { SHOP_CONFIG: '/tmp/env.json' } },
    );
    const loaded = loadConfig(sources);
    expect(loaded).toEqual({
      config: DEFAULT_CONFIG,
      configPath: USER_FILE,
      machineConfigPath: MACHINE_FILE,
    });
    expect(warnings(log)).toContain(
      `Config: ignoring --config and SHOP_CONFIG: an installed kiosk reads only ${USER_FILE} and the machine-wide config`,
    );
    expect(
      resolveConfigPath({
        argv: ['x', '--config', '/x.json'],
        env: {},
        userDataDir: USER_DATA,
        packaged: true,
      }),
    ).toEqual({ path: USER_FILE, explicit: false, ignored: ['--config'] });
  });

  it('still reads the account’s own file, environment and flags when there is no machine-wide file', () => {
    const { sources } = packaged(
      { [USER_FILE]: { catalogueUrl: 'https://shop.example.com/api', staffPinHash: HASH } },
      { argv: ['kiosk', '--windowed'], env: { SHOP_IDLE_TIMEOUT: '60' } },
    );
    expect(loadConfig(sources).config).toMatchObject({
      catalogueUrl: 'https://shop.example.com/api',
      staffPinHash: HASH,
      mode: 'windowed',
      idleTimeoutSeconds: 60,
    });
  });

  it('lets the machine-wide file win over the account’s file, environment and command line', () => {
    const { sources, log } = packaged(
      {
        [MACHINE_FILE]: { staffPinHash: HASH, mode: 'kiosk' },
        [USER_FILE]: { staffPinHash: OTHER_HASH, idleTimeoutSeconds: 30 },
      },
      {
        argv: ['kiosk', '--windowed', '--staff-pin=1111', '--idle-countdown=20'],
        env: { SHOP_STAFF_PIN_HASH: OTHER_HASH, SHOP_PRINTER_NAME: 'Desk' },
      },
    );
    expect(loadConfig(sources).config).toEqual({
      ...DEFAULT_CONFIG,
      staffPinHash: HASH,
      staffPin: '',
      mode: 'kiosk',
      idleTimeoutSeconds: 30,
      idleCountdownSeconds: 20,
      printerName: 'Desk',
    });
    expect(warnings(log)).toContain(
      `Config: ${MACHINE_FILE} sets these machine-wide, so other values are ignored: staffPinHash (config file), staffPinHash (environment), staffPin (command line), mode (command line)`,
    );
  });

  it('locks the PIN as a whole: a plain PIN machine-wide cannot be beaten by a hash of the account’s', () => {
    const { sources } = packaged(
      { [MACHINE_FILE]: { staffPin: '482913' } },
      { env: { SHOP_STAFF_PIN_HASH: OTHER_HASH } },
    );
    expect(loadConfig(sources).config).toMatchObject({ staffPin: '482913', staffPinHash: '' });
  });

  it('accepts a machine-wide file with a byte-order mark', () => {
    const { sources, log } = packaged({
      [MACHINE_FILE]: `\uFEFF${JSON.stringify({ staffPinHash: HASH })}`,
    });
    expect(loadConfig(sources).config.staffPinHash).toBe(HASH);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('warns when the kiosk account could change the machine-wide file', () => {
    const { sources, log } = packaged(
      { [MACHINE_FILE]: { staffPinHash: HASH } },
      { canReplace: (path) => path === MACHINE_FILE },
    );
    loadConfig(sources);
    expect(warnings(log)).toContain(
      `Config: this account can change the machine-wide config ${MACHINE_FILE}; make it and its folder writable by administrators only`,
    );
  });

  it('is not consulted by an unpackaged run (npm start, the e2e tests)', () => {
    const { sources } = packaged(
      { [MACHINE_FILE]: { mode: 'kiosk' }, '/tmp/mine.json': { mode: 'windowed' } },
      { packaged: false, argv: ['kiosk', '--config=/tmp/mine.json'] },
    );
    expect(loadConfig(sources)).toMatchObject({
      config: { mode: 'windowed' },
      configPath: '/tmp/mine.json',
      machineConfigPath: null,
    });
  });
});
