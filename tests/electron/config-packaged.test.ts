/**
 * An installed kiosk (app.isPackaged) reads its config only from the documented files, and
 * the machine-wide one, which the kiosk account cannot write, wins over everything that
 * account controls: its config file, its environment and its shortcut's command line.
 */
import { describe, expect, it } from 'vitest';
import {
  loadConfig,
  machineConfigPath,
  resolveConfigPath,
  type ConfigSources,
} from '../../electron/main/config';
import { DEFAULT_CONFIG } from '../../electron/main/config-keys';
import type { fakeLogger } from './fake-electron';
import { fakeConfigSources, HASH, USER_CONFIG_FILE, USER_DATA } from './config-sources';

const USER_FILE = USER_CONFIG_FILE;
const MACHINE_FILE = '/etc/kiosk-shop/kiosk-config.json';
const KIOSK = '/opt/Kiosk Shop/kiosk-shop';
const OTHER_HASH = 'scrypt:32768:8:1:CAgICAgICAgICAgICAgICA:' + 'B'.repeat(43);

function packaged(files: Record<string, unknown>, overrides: Partial<ConfigSources> = {}) {
  return fakeConfigSources(files, {
    argv: [KIOSK],
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
        '/tmp/mine.json': { staffPin: '111111', mode: 'windowed' },
        '/tmp/env.json': { staffPin: '222222' },
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
        argv: ['kiosk', '--windowed', '--staff-pin=111111', '--idle-countdown=20'],
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
      `Config: ${MACHINE_FILE} locks these keys, so other values are ignored: mode (command line), staffPin (command line), staffPinHash (environment), staffPinHash (config file)`,
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

  // Issue 20, item 1: one misspelt key used to throw the whole machine-wide file away.
  it.each(['1111', '111111'])(
    'keeps the machine-wide keys locked beside a misspelt one (shortcut adds --windowed --staff-pin=%s)',
    (pin) => {
      const { sources, log } = packaged(
        {
          [MACHINE_FILE]: {
            mode: 'kiosk',
            staffPinHash: HASH,
            catalogueUrl: 'https://shop.example.com/api',
            idleTimeoutSecond: 60,
          },
          [USER_FILE]: { catalogueUrl: 'http://10.0.0.66:8080' },
        },
        { argv: [KIOSK, '--windowed', `--staff-pin=${pin}`] },
      );
      expect(loadConfig(sources).config).toEqual({
        ...DEFAULT_CONFIG,
        mode: 'kiosk',
        staffPinHash: HASH,
        staffPin: '',
        catalogueUrl: 'https://shop.example.com/api',
      });
      expect(warnings(log)).toContain(
        `Config: ignoring idleTimeoutSecond in ${MACHINE_FILE}: unknown key`,
      );
      expect(warnings(log)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^Config: ${MACHINE_FILE} locks these keys, so other values are ignored: .*catalogueUrl \\(config file\\)`,
          ),
        ),
      );
    },
  );

  const LOWER_LAYERS: Partial<ConfigSources> = {
    argv: [
      KIOSK,
      '--windowed',
      '--staff-pin=111111',
      '--catalogue-url=https://elsewhere.example',
      '--printer-name=Desk',
    ],
    env: { SHOP_STAFF_PIN_HASH: OTHER_HASH, SHOP_IDLE_COUNTDOWN: '20' },
  };
  const ACCOUNT_FILE = {
    mode: 'windowed',
    staffPin: '222222',
    catalogueUrl: 'http://127.0.0.1:9000',
    idleTimeoutSeconds: 30,
  };
  /** Safe values for what opens the kiosk; the rest still comes from the lower layers. */
  const LOCKED_DOWN = {
    ...DEFAULT_CONFIG,
    mode: 'kiosk',
    staffPin: '',
    staffPinHash: '',
    catalogueUrl: '',
    idleTimeoutSeconds: 30,
    idleCountdownSeconds: 20,
    printerName: 'Desk',
  };

  it.each([
    ['not JSON', '{ "mode": "kiosk", "staffPinHash": '],
    ['empty', ''],
    ['a JSON array', '[]'],
    ['a JSON string', '"kiosk"'],
    ['JSON null', 'null'],
  ])(
    'locks mode, PIN and catalogue to safe values when the machine-wide file is %s',
    (_what, text) => {
      const { sources, log } = packaged(
        { [MACHINE_FILE]: text, [USER_FILE]: ACCOUNT_FILE },
        LOWER_LAYERS,
      );
      expect(loadConfig(sources).config).toEqual(LOCKED_DOWN);
      expect(log.error).toHaveBeenCalledWith(
        expect.stringMatching(
          new RegExp(
            `^Config: the machine-wide config ${MACHINE_FILE} (is not valid JSON|is not a JSON object).*; locking the kiosk to safe values: kiosk mode, staff exit off, the embedded catalogue$`,
          ),
        ),
      );
    },
  );

  it('locks down the same way when the machine-wide file exists but cannot be read', () => {
    const { sources, log } = packaged(
      { [USER_FILE]: ACCOUNT_FILE },
      {
        ...LOWER_LAYERS,
        readFile: (path) => {
          if (path === USER_FILE) return JSON.stringify(ACCOUNT_FILE);
          throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), {
            code: 'EACCES',
          });
        },
      },
    );
    expect(loadConfig(sources).config).toEqual(LOCKED_DOWN);
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining(`${MACHINE_FILE} cannot be read (EACCES`),
    );
  });

  it('holds a machine-wide key with a wrong value at its safe default, and keeps it locked', () => {
    const { sources, log } = packaged(
      { [MACHINE_FILE]: { mode: 'Windowed', staffPinHash: 'sha1:2468', printerName: 'Front' } },
      LOWER_LAYERS,
    );
    expect(loadConfig(sources).config).toEqual({
      ...DEFAULT_CONFIG,
      mode: 'kiosk',
      staffPin: '',
      staffPinHash: '',
      catalogueUrl: 'https://elsewhere.example',
      idleCountdownSeconds: 20,
      printerName: 'Front',
    });
    expect(warnings(log)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Config: ignoring mode in \/etc\/kiosk-shop\/kiosk-config\.json: /),
        `Config: ignoring staffPinHash in ${MACHINE_FILE}: must be a hash printed by npm run staff-pin:hash`,
      ]),
    );
  });
});

// Issue 20, item 5: a catalogue in plain http can be changed by anyone on the network.
describe('the catalogue transport of an installed kiosk', () => {
  it.each([
    ['the account file', { [USER_FILE]: { catalogueUrl: 'http://10.0.0.66:8080' } }, {}],
    ['the machine-wide file', { [MACHINE_FILE]: { catalogueUrl: 'http://shop.lan' } }, {}],
    ['the environment', {}, { env: { SHOP_CATALOGUE_URL: 'http://192.168.1.20/api' } }],
    ['the command line', {}, { argv: [KIOSK, '--catalogue-url=http://localhost.evil.example'] }],
  ])(
    'refuses a plain-http catalogue on another machine from %s, logs why, and uses the embedded one',
    (_where, files: Record<string, unknown>, overrides: Partial<ConfigSources>) => {
      const { sources, log } = packaged(files, overrides);
      expect(loadConfig(sources).config.catalogueUrl).toBe('');
      expect(log.error).toHaveBeenCalledWith(
        expect.stringMatching(
          /^Config: refusing the catalogue http:\/\/\S+ \(from the [a-z -]+\): an installed kiosk takes plain http only from this machine .*; using the embedded catalogue$/,
        ),
      );
    },
  );

  it.each([
    'http://127.0.0.1:9000',
    'http://127.10.20.30/api',
    'http://localhost:8080',
    'http://[::1]:8080',
    'https://shop.example.com/api',
  ])('accepts %s', (url) => {
    const { sources, log } = packaged({ [USER_FILE]: { catalogueUrl: url } });
    expect(loadConfig(sources).config.catalogueUrl).toBe(url);
    expect(log.error).not.toHaveBeenCalled();
  });
});
