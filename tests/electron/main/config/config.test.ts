import { describe, expect, it, vi } from 'vitest';
import {
  loadConfig,
  machineConfigPath,
  rendererLanguages,
  resolveConfigPath,
  toRendererConfig,
  type ConfigSources,
} from '../../../../electron/main/config/config';
import { decodeConfigText } from '../../../../electron/main/config/config-file';
import { DEFAULT_CONFIG } from '../../../../shared/kiosk-config/config-keys';
import { fakeConfigSources, HASH, USER_CONFIG_FILE, USER_DATA } from '../../support/config-sources';
import type { fakeLogger } from '../../support/fake-electron';

const DEFAULT_PATH = USER_CONFIG_FILE;

/** The fleet's keys at their defaults: no broker, so nothing connects. */
const FLEET_DEFAULTS = {
  'fleet.brokerUrl': '',
  'fleet.brokerUrls': [],
  'fleet.kioskId': '',
  'fleet.username': '',
  'fleet.password': '',
  'fleet.ca': '',
  'fleet.cert': '',
  'fleet.key': '',
  'fleet.topicPrefix': 'kiosk-shop',
  'fleet.healthSeconds': 60,
  'fleet.keepaliveSeconds': 30,
  'fleet.configPublicKey': '',
  'fleet.minConfigVersion': 0,
  'fleet.store': '',
  'fleet.region': '',
  'fleet.enrolmentPublicKey': '',
  shopServiceUrl: '',
};

/** Updates and self-care at their defaults: no feed, so no updates. */
const UNATTENDED_DEFAULTS = {
  'update.feedUrl': '',
  'update.channel': 'latest',
  'update.checkHours': 4,
  'update.window': '02:00-04:00',
  'update.pinVersion': '',
  'update.minVersion': '',
  'update.publisherName': '',
  maxMemoryMB: 1536,
  scheduledRelaunch: true,
  openingHours: null,
  logMaxMB: 1,
  speechOutputDevice: '',
  languages: 'en,es,fr,de,ar',
  defaultLanguage: 'en',
  collectionLetter: '',
};

function sources({
  files,
  ...overrides
}: Partial<ConfigSources> & { files?: Record<string, string> } = {}) {
  return fakeConfigSources(files, overrides);
}

describe('kiosk config', () => {
  it('uses safe defaults when nothing is configured: kiosk mode, embedded catalogue, no PIN', () => {
    const { sources: s, log } = sources();
    expect(loadConfig(s)).toEqual({
      config: DEFAULT_CONFIG,
      configPath: DEFAULT_PATH,
      machineConfigPath: null,
    });
    expect(DEFAULT_CONFIG).toMatchObject({ mode: 'kiosk', catalogueUrl: '', staffPin: '' });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('reads the JSON config file in userData', () => {
    const file = JSON.stringify({
      catalogueUrl: 'https://shop.example.com/api/',
      mode: 'windowed',
      staffPin: '246813',
      staffPinHash: HASH,
      idleTimeoutSeconds: 90,
      idleCountdownSeconds: 20,
      catalogueMaxAgeMinutes: 240,
      printerName: 'Receipts',
    });
    const { sources: s } = sources({ files: { [DEFAULT_PATH]: file } });
    expect(loadConfig(s).config).toEqual({
      ...FLEET_DEFAULTS,
      ...UNATTENDED_DEFAULTS,
      catalogueUrl: 'https://shop.example.com/api',
      mode: 'windowed',
      staffPin: '246813',
      staffPinHash: HASH,
      idleTimeoutSeconds: 90,
      idleCountdownSeconds: 20,
      catalogueMaxAgeMinutes: 240,
      printerName: 'Receipts',
    });
  });

  it('lets the environment override the file and CLI flags override both', () => {
    const file = JSON.stringify({
      catalogueUrl: 'https://file.example',
      staffPin: '111111',
      idleTimeoutSeconds: 10,
      idleCountdownSeconds: 30,
    });
    const { sources: s } = sources({
      files: { [DEFAULT_PATH]: file },
      env: {
        SHOP_CATALOGUE_URL: 'https://env.example',
        SHOP_STAFF_PIN: '222222',
        SHOP_WINDOWED: '1',
        SHOP_IDLE_COUNTDOWN: '25',
      },
      argv: [
        'kiosk',
        '--catalogue-url=https://cli.example',
        '--kiosk',
        '--idle-countdown=20',
        '--catalogue-max-age=15',
        '--printer-name',
        'Front desk',
      ],
    });
    expect(loadConfig(s).config).toEqual({
      ...FLEET_DEFAULTS,
      ...UNATTENDED_DEFAULTS,
      catalogueUrl: 'https://cli.example',
      mode: 'kiosk',
      staffPin: '222222',
      staffPinHash: '',
      idleTimeoutSeconds: 10,
      idleCountdownSeconds: 20,
      catalogueMaxAgeMinutes: 15,
      printerName: 'Front desk',
    });
  });

  it('maps every SHOP_* variable', () => {
    const { sources: s } = sources({
      env: {
        SHOP_CATALOGUE_URL: 'http://10.0.0.5:8080',
        SHOP_WINDOWED: 'true',
        SHOP_STAFF_PIN: '123456',
        SHOP_STAFF_PIN_HASH: HASH,
        SHOP_IDLE_TIMEOUT: '0',
        SHOP_IDLE_COUNTDOWN: '12',
        SHOP_CATALOGUE_MAX_AGE_MINUTES: '120',
        SHOP_PRINTER_NAME: 'EPSON TM-T20',
        SHOP_SPEECH_OUTPUT_DEVICE: 'USB Headset',
        SHOP_LANGUAGES: ' ES, ar ,en',
        SHOP_DEFAULT_LANGUAGE: 'AR',
        SHOP_COLLECTION_LETTER: ' k ',
        SHOP_FLEET_BROKER: 'mqtts://broker.example:8883',
        SHOP_FLEET_BROKERS: 'mqtts://a.example:8883, mqtts://b.example:8883',
        SHOP_FLEET_KIOSK_ID: 'front-1',
        SHOP_FLEET_USERNAME: 'front-1',
        SHOP_FLEET_PASSWORD: 'secret',
        SHOP_FLEET_CA: '/etc/kiosk-shop/ca.pem',
        SHOP_FLEET_CERT: '/etc/kiosk-shop/kiosk.pem',
        SHOP_FLEET_KEY: '/etc/kiosk-shop/kiosk.key',
        SHOP_FLEET_TOPIC_PREFIX: 'chain/north',
        SHOP_FLEET_HEALTH_SECONDS: '30',
        SHOP_FLEET_KEEPALIVE_SECONDS: '20',
        SHOP_SERVICE_URL: 'https://shop-service.example:8470/',
        SHOP_UPDATE_CHANNEL: 'beta',
        SHOP_UPDATE_CHECK_HOURS: '8',
        SHOP_UPDATE_WINDOW: '23:00-01:00',
        SHOP_UPDATE_PIN_VERSION: '1.2.3',
        SHOP_MAX_MEMORY_MB: '2048',
        SHOP_SCHEDULED_RELAUNCH: '0',
        SHOP_LOG_MAX_MB: '4',
      },
    });
    expect(loadConfig(s).config).toEqual({
      catalogueUrl: 'http://10.0.0.5:8080',
      mode: 'windowed',
      staffPin: '123456',
      staffPinHash: HASH,
      idleTimeoutSeconds: 0,
      idleCountdownSeconds: 12,
      catalogueMaxAgeMinutes: 120,
      printerName: 'EPSON TM-T20',
      speechOutputDevice: 'USB Headset',
      languages: 'es,ar,en',
      defaultLanguage: 'ar',
      collectionLetter: 'K',
      'fleet.brokerUrl': 'mqtts://broker.example:8883',
      'fleet.brokerUrls': ['mqtts://a.example:8883', 'mqtts://b.example:8883'],
      'fleet.kioskId': 'front-1',
      'fleet.username': 'front-1',
      'fleet.password': 'secret',
      'fleet.ca': '/etc/kiosk-shop/ca.pem',
      'fleet.cert': '/etc/kiosk-shop/kiosk.pem',
      'fleet.key': '/etc/kiosk-shop/kiosk.key',
      'fleet.topicPrefix': 'chain/north',
      'fleet.healthSeconds': 30,
      'fleet.keepaliveSeconds': 20,
      // Only the files may name the key remote configs are checked with.
      'fleet.configPublicKey': '',
      // Nor the key kiosk certificates are checked with.
      'fleet.enrolmentPublicKey': '',
      shopServiceUrl: 'https://shop-service.example:8470',
      'update.channel': 'beta',
      'update.checkHours': 8,
      'update.window': '23:00-01:00',
      'update.pinVersion': '1.2.3',
      maxMemoryMB: 2048,
      scheduledRelaunch: false,
      openingHours: null,
      logMaxMB: 4,
      // Only the files may name the feed and the Windows signer.
      'update.feedUrl': '',
      'update.publisherName': '',
      // Only the files may set the minimums.
      'fleet.minConfigVersion': 0,
      // Only the machine-wide file may name the kiosk's store and region.
      'fleet.store': '',
      'fleet.region': '',
      'update.minVersion': '',
    });
  });

  it('opens a windowed staff window with --windowed', () => {
    const { sources: s } = sources({ argv: ['kiosk', '--windowed'] });
    expect(loadConfig(s).config.mode).toBe('windowed');
  });

  it('takes the config path from --config, then SHOP_CONFIG, then userData', () => {
    expect(
      resolveConfigPath({
        argv: ['x', '--config=/etc/kiosk.json'],
        env: { SHOP_CONFIG: '/env.json' },
        userDataDir: USER_DATA,
      }),
    ).toEqual({ path: '/etc/kiosk.json', explicit: true, ignored: [] });
    expect(
      resolveConfigPath({ argv: ['x'], env: { SHOP_CONFIG: '/env.json' }, userDataDir: USER_DATA }),
    ).toEqual({ path: '/env.json', explicit: true, ignored: [] });
    expect(resolveConfigPath({ argv: ['x'], env: {}, userDataDir: USER_DATA })).toEqual({
      path: DEFAULT_PATH,
      explicit: false,
      ignored: [],
    });
  });

  it('logs one clear line and keeps safe defaults when the file is not JSON', () => {
    const { sources: s, log } = sources({ files: { [DEFAULT_PATH]: '{ "mode": "windowed", ' } });
    expect(loadConfig(s).config).toEqual(DEFAULT_CONFIG);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatch(
      /kiosk-config\.json is not valid JSON.*using safe defaults/,
    );
  });

  it('keeps the valid keys of a file and logs each wrong or misspelt one with its reason', () => {
    const { sources: s, log } = sources({
      files: {
        [DEFAULT_PATH]: JSON.stringify({ mode: 'windowed', staffPin: 'abcd', catalogURL: 'x' }),
      },
    });
    expect(loadConfig(s).config).toEqual({ ...DEFAULT_CONFIG, mode: 'windowed' });
    expect(log.warn.mock.calls.map(([line]) => line)).toEqual([
      `Config: ignoring staffPin in ${DEFAULT_PATH}: must be 6 to 12 digits`,
      `Config: ignoring catalogURL in ${DEFAULT_PATH}: unknown key`,
    ]);
  });

  it('warns when an explicitly named config file is missing', () => {
    const { sources: s, log } = sources({ argv: ['x', '--config', '/missing.json'] });
    expect(loadConfig(s)).toEqual({
      config: DEFAULT_CONFIG,
      configPath: '/missing.json',
      machineConfigPath: null,
    });
    expect(log.warn.mock.calls[0]?.[0]).toMatch(/cannot read config file \/missing\.json/);
  });

  it('ignores a bad flag or variable with a log line and keeps the lower layer', () => {
    const { sources: s, log } = sources({
      env: { SHOP_IDLE_TIMEOUT: 'soon', SHOP_WINDOWED: 'maybe' },
      argv: ['x', '--catalogue-url=ftp://files.example'],
    });
    expect(loadConfig(s).config).toEqual(DEFAULT_CONFIG);
    expect(log.warn).toHaveBeenCalledTimes(3);
  });

  it.each(['https://evil.example;script-src', 'https://*', 'https://a.example,b'])(
    'refuses the catalogue URL %s, which would break the CSP header, and keeps the embedded one',
    (url) => {
      const { sources: s, log } = sources({ env: { SHOP_CATALOGUE_URL: url } });
      expect(loadConfig(s).config.catalogueUrl).toBe('');
      expect(log.warn).toHaveBeenCalledWith(
        expect.stringMatching(/ignoring SHOP_CATALOGUE_URL: must have a plain host name/),
      );
    },
  );

  it('warns about a plain http catalogue on another machine, not on loopback', () => {
    const lan = sources({ env: { SHOP_CATALOGUE_URL: 'http://10.0.0.5:8080' } });
    expect(loadConfig(lan.sources).config.catalogueUrl).toBe('http://10.0.0.5:8080');
    expect(lan.log.warn).toHaveBeenCalledWith(expect.stringContaining('is plain http'));
    const loopback = sources({ env: { SHOP_CATALOGUE_URL: 'http://127.0.0.1:4555' } });
    loadConfig(loopback.sources);
    expect(loopback.log.warn).not.toHaveBeenCalled();
  });

  it('accepts a config file with a UTF-8 byte-order mark, as Windows PowerShell 5 writes it', () => {
    const json = JSON.stringify({ staffPin: '482913', mode: 'windowed' });
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json, 'utf8')]);
    const { sources: s, log } = sources({ files: { [DEFAULT_PATH]: decodeConfigText(bytes) } });
    expect(loadConfig(s).config).toMatchObject({ staffPin: '482913', mode: 'windowed' });
    expect(log.warn).not.toHaveBeenCalled();
    // A reader that keeps the BOM as text is fine too.
    const raw = sources({ files: { [DEFAULT_PATH]: `\uFEFF${json}` } });
    expect(loadConfig(raw.sources).config.staffPin).toBe('482913');
    expect(raw.log.warn).not.toHaveBeenCalled();
  });

  it('reads UTF-16 files with a byte-order mark (PowerShell 5 Out-File) and plain UTF-8', () => {
    const json = '{ "printerName": "Caisse n°1" }';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]);
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(decodeConfigText(le)).toBe(json);
    expect(decodeConfigText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(json);
    expect(decodeConfigText(Buffer.from(json, 'utf8'))).toBe(json);
  });

  it('takes the staff PIN as a hash, and drops a malformed hash but not the keys beside it', () => {
    const good = sources({ files: { [DEFAULT_PATH]: JSON.stringify({ staffPinHash: HASH }) } });
    expect(loadConfig(good.sources).config.staffPinHash).toBe(HASH);
    const bad = sources({
      files: { [DEFAULT_PATH]: JSON.stringify({ staffPinHash: 'sha1:2468', mode: 'windowed' }) },
    });
    expect(loadConfig(bad.sources).config).toEqual({ ...DEFAULT_CONFIG, mode: 'windowed' });
    expect(bad.log.warn).toHaveBeenCalledWith(
      `Config: ignoring staffPinHash in ${DEFAULT_PATH}: must be a hash printed by npm run staff-pin:hash`,
    );
  });

  it('says where the JSON broke without quoting the file, which may hold the PIN', () => {
    const { sources: s, log } = sources({
      files: { [DEFAULT_PATH]: '{\n  "staffPin": "482913",\n  "mode": "kiosk",\n}' },
    });
    expect(loadConfig(s).config).toEqual(DEFAULT_CONFIG);
    expect(log.warn).toHaveBeenCalledWith(
      `Config: config file ${DEFAULT_PATH} is not valid JSON (line 4, column 1); using safe defaults`,
    );
  });

  it('drops V8 messages that quote the text around a JSON error (newer Node and Electron)', () => {
    const quoting = new SyntaxError(
      'Unexpected token \'w\', "{ "staffPin": "482913", "mode": windowed }" is not valid JSON',
    );
    const parse = vi.spyOn(JSON, 'parse').mockImplementationOnce(() => {
      throw quoting;
    });
    try {
      const { sources: s, log } = sources({ files: { [DEFAULT_PATH]: '{ "staffPin": "482913" ' } });
      loadConfig(s);
      expect(log.warn).toHaveBeenCalledWith(
        `Config: config file ${DEFAULT_PATH} is not valid JSON; using safe defaults`,
      );
    } finally {
      parse.mockRestore();
    }
  });

  it('never writes a configured PIN into the log, whatever is wrong around it', () => {
    const cases: Partial<ConfigSources & { files: Record<string, string> }>[] = [
      { files: { [DEFAULT_PATH]: '{ "staffPin": "482913", }' } },
      { files: { [DEFAULT_PATH]: '{ "staffPin": "482913" "mode": "kiosk" }' } },
      // A letter O typed for a zero: V8 (Node 20 already) quotes the text around the token.
      { files: { [DEFAULT_PATH]: '{\n  "mode": "kiosk",\n  "staffPin": O482913\n}' } },
      { files: { [DEFAULT_PATH]: JSON.stringify({ staffPin: '4829131234567' }) } },
      { files: { [DEFAULT_PATH]: JSON.stringify({ staffPin: 482913 }) } },
      { files: { [DEFAULT_PATH]: JSON.stringify({ staffPin: '482913', staffPinn: '482913' }) } },
      { argv: ['x', '--staff-pin=48291x'], env: { SHOP_STAFF_PIN: '4829-13' } },
      { env: { SHOP_STAFF_PIN_HASH: 'scrypt:482913' } },
    ];
    for (const overrides of cases) {
      const { sources: s, log } = sources(overrides);
      loadConfig(s);
      const lines = [...log.info.mock.calls, ...log.warn.mock.calls].map(([line]) => line);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).not.toMatch(/48291|4829-13/);
    }
  });

  // Number() would read SHOP_IDLE_TIMEOUT=0x10 as 16.
  it.each([
    '0x10',
    '0X10',
    '1e2',
    ' 16',
    '16 ',
    '+16',
    '-1',
    '16.0',
    '0b10',
    '0o20',
    '1_6',
    'Infinity',
    '１６',
    '٣',
    '',
  ])('refuses the number form %j from the environment and the command line', (text) => {
    const { sources: s, log } = sources({
      env: { SHOP_IDLE_TIMEOUT: text },
      argv: ['x', `--idle-countdown=${text}`],
    });
    expect(loadConfig(s).config).toEqual(DEFAULT_CONFIG);
    expect(log.warn.mock.calls.map(([line]) => line)).toEqual([
      'Config: ignoring --idle-countdown: must be a whole number in plain digits 0-9',
      'Config: ignoring SHOP_IDLE_TIMEOUT: must be a whole number in plain digits 0-9',
    ]);
  });

  it('takes plain decimal digits, leading zeros included', () => {
    const { sources: s, log } = sources({
      env: { SHOP_IDLE_TIMEOUT: '016' },
      argv: ['x', '--idle-countdown', '20'],
    });
    expect(loadConfig(s).config).toMatchObject({
      idleTimeoutSeconds: 16,
      idleCountdownSeconds: 20,
    });
    expect(log.warn).not.toHaveBeenCalled();
  });
});

/*
 * An installed kiosk (app.isPackaged) reads its config only from the documented files, and
 * the machine-wide one, which the kiosk account cannot write, wins over everything that
 * account controls: its config file, its environment and its shortcut's command line.
 */

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

  // One misspelt key must not throw the whole machine-wide file away.
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

// A catalogue in plain http can be changed by anyone on the network.
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

describe('the languages the renderer is given', () => {
  it('offers the configured languages in order, and starts in the default', () => {
    expect(toRendererConfig({ ...DEFAULT_CONFIG }, '/api')).toMatchObject({
      languages: ['en', 'es', 'fr', 'de', 'ar'],
      defaultLanguage: 'en',
    });
    expect(rendererLanguages('ar,en', 'ar')).toEqual({
      languages: ['ar', 'en'],
      defaultLanguage: 'ar',
    });
  });

  it('starts in the first language offered when the default is not one of them', () => {
    expect(rendererLanguages('fr,de', 'en')).toEqual({
      languages: ['fr', 'de'],
      defaultLanguage: 'fr',
    });
  });
});
