/**
 * The key table is the one place a key is added; these checks keep each entry whole and
 * the configuration table of docs/kiosk/configuration.md true to it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configKeyNameSchema } from '../../../shared/fleet/payloads';
import {
  CONFIG_KEYS,
  LIVE_KEYS,
  type ConfigKeyTable,
} from '../../../shared/kiosk-config/config-keys';
import { environmentLayer } from '../../../electron/main/config/config-layers';
import { validateConfigKeys } from '../../../shared/kiosk-config/config-validate';
import { fakeLogger } from '../../electron/support/fake-electron';
import { SHOPPER_LANGUAGES } from '../../../shared/languages';

const TABLE: ConfigKeyTable = CONFIG_KEYS;
const entries = Object.entries(TABLE);

/** The docs page that says which keys a running kiosk changes at once. */
const LIVE_CONFIG_DOC = 'docs/kiosk/live-config.md';

/** Its table's rows: a key (in backticks) and its status, `live` or `relaunch`. */
function liveConfigDocRows(): { key: string; status: string }[] {
  const doc = readFileSync(join(process.cwd(), LIVE_CONFIG_DOC), 'utf8');
  return doc.split('\n').flatMap((line) => {
    const match = /^\|\s*`([^`]+)`\s*\|\s*([a-z]+)\s*\|/.exec(line);
    return match ? [{ key: match[1] ?? '', status: match[2] ?? '' }] : [];
  });
}

const CONFIG_DOC = 'docs/kiosk/configuration.md';
const SIGNED_CONFIG_DOC = 'docs/fleet/signed-config.md';

/** The keys docs/fleet/signed-config.md lists between its remote-keys marks. */
function documentedRemoteKeys(): string[] {
  const doc = readFileSync(join(process.cwd(), SIGNED_CONFIG_DOC), 'utf8');
  const list = /<!-- remote-keys -->([\s\S]*?)<!-- \/remote-keys -->/.exec(doc)?.[1];
  if (list === undefined) throw new Error(`${SIGNED_CONFIG_DOC}: no remote-keys list`);
  return [...list.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
}

/** The rows of the documented configuration table (its "The keys" section), as cells. */
function docRows(): string[][] {
  const doc = readFileSync(join(process.cwd(), CONFIG_DOC), 'utf8');
  const start = doc.indexOf('\n## The keys\n');
  if (start < 0) throw new Error(`${CONFIG_DOC}: no "## The keys" section`);
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('the config key table', () => {
  it('lets a signed remote config set only what cannot open the kiosk or move it off its fleet', () => {
    const remote = entries.filter(([, spec]) => spec.remote === true).map(([name]) => name);
    expect(remote).toEqual([
      'catalogueUrl',
      'idleTimeoutSeconds',
      'idleCountdownSeconds',
      'catalogueMaxAgeMinutes',
      'printerName',
      'speechOutputDevice',
      'languages',
      'defaultLanguage',
      'fleet.healthSeconds',
      'update.channel',
      'update.pinVersion',
      'openingHours',
    ]);
  });

  it('puts the idle times, the printer and health’s period in force at once; the rest at a relaunch', () => {
    expect(LIVE_KEYS).toEqual([
      'idleTimeoutSeconds',
      'idleCountdownSeconds',
      'printerName',
      'fleet.healthSeconds',
      'openingHours',
    ]);
  });

  it(`${LIVE_CONFIG_DOC} says for every remote key what the table says: live or relaunch`, () => {
    const rows = liveConfigDocRows();
    const remote = entries.filter(([, spec]) => spec.remote === true);
    expect(rows.map((row) => row.key).sort()).toEqual(remote.map(([name]) => name).sort());
    for (const [name, spec] of remote) {
      const row = rows.find((candidate) => candidate.key === name);
      expect(row?.status, name).toBe(spec.live === true ? 'live' : 'relaunch');
    }
  });

  it('names every key as health may carry it in pendingRelaunch', () => {
    for (const [name] of entries)
      expect(configKeyNameSchema.safeParse(name).success, name).toBe(true);
  });

  it('lists in the signed-config docs exactly the keys a remote config may set', () => {
    const remote = entries.filter(([, spec]) => spec.remote === true).map(([name]) => name);
    expect(documentedRemoteKeys()).toEqual(remote);
  });

  it('takes the minimums from the files only: a remote config cannot lower them', () => {
    for (const name of ['fleet.minConfigVersion', 'update.minVersion']) {
      expect(TABLE[name], name).toMatchObject({ from: ['machine-wide file', 'config file'] });
      expect(TABLE[name]?.remote, name).toBeUndefined();
      expect(TABLE[name]?.env, name).toBeUndefined();
    }
  });

  it.each([
    ['https://updates.example/kiosk', true],
    ['https://updates.example/kiosk/', true],
    ['http://127.0.0.1:8080/feed', true],
    ['http://localhost:8080/feed', true],
    ['http://[::1]:8080/feed', true],
    ['', true],
    ['http://updates.example/kiosk', false],
    ['http://10.0.0.5/feed', false],
    ['ftp://updates.example/', false],
    ['file:///tmp/feed', false],
    ['https://user:secret@updates.example/', false],
    ['https://updates.example/?token=x', false],
    ['https://updates.example/#x', false],
    ['https://updates.example/\nUpdates: forged', false],
    ['updates.example', false],
  ])('update.feedUrl %j is accepted: %s', (url, ok) => {
    expect(TABLE['update.feedUrl']?.schema.safeParse(url).success).toBe(ok);
  });

  it('takes the feed and the Windows publisher from the files only, held empty in a lockdown', () => {
    for (const name of ['update.feedUrl', 'update.publisherName']) {
      expect(TABLE[name], name).toMatchObject({
        from: ['machine-wide file', 'config file'],
        lockdown: true,
      });
      expect(TABLE[name]?.env, name).toBeUndefined();
    }
  });

  it.each([
    ['02:00-04:00', true],
    ['23:30-01:00', true],
    ['00:00-23:59', true],
    ['', true],
    ['2:00-4:00', false],
    ['24:00-01:00', false],
    ['02:60-03:00', false],
    ['03:00-03:00', false],
    ['02:00 - 04:00', false],
    ['02:00', false],
  ])('update.window %j is accepted: %s', (text, ok) => {
    expect(TABLE['update.window']?.schema.safeParse(text).success).toBe(ok);
  });

  it.each([
    ['1.4.2', true],
    ['0.1.0', true],
    ['2.0.0-beta.3', true],
    ['', true],
    ['v1.4.2', false],
    ['1.4', false],
    ['01.4.2', false],
    ['1.4.2 ', true],
    ['latest', false],
  ])('update.pinVersion %j is accepted: %s', (text, ok) => {
    expect(TABLE['update.pinVersion']?.schema.safeParse(text).success).toBe(ok);
  });

  it('reads the update and self-care keys from the environment, refusing bad text', () => {
    const log = fakeLogger();
    const layer = environmentLayer(
      {
        SHOP_UPDATE_CHANNEL: 'beta',
        SHOP_UPDATE_CHECK_HOURS: '12',
        SHOP_UPDATE_WINDOW: '23:30-01:00',
        SHOP_UPDATE_PIN_VERSION: '1.2.3',
        SHOP_MAX_MEMORY_MB: '0x10',
        SHOP_SCHEDULED_RELAUNCH: 'off',
        SHOP_LOG_MAX_MB: '5',
      },
      log,
    );
    expect(layer.values).toEqual({
      'update.channel': 'beta',
      'update.checkHours': 12,
      'update.window': '23:30-01:00',
      'update.pinVersion': '1.2.3',
      scheduledRelaunch: false,
      logMaxMB: 5,
    });
    expect(log.warn).toHaveBeenCalledExactlyOnceWith(
      'Config: ignoring SHOP_MAX_MEMORY_MB: must be a whole number in plain digits 0-9',
    );
  });

  it('lets a remote config pin a version or change channel, never move the feed', () => {
    const { values, problems } = validateConfigKeys(
      {
        update: {
          channel: 'beta',
          pinVersion: '1.0.0',
          feedUrl: 'https://evil.example/',
          publisherName: 'Evil',
          checkHours: 1,
        },
      },
      'remote',
    );
    expect(values).toEqual({ 'update.channel': 'beta', 'update.pinVersion': '1.0.0' });
    expect(problems.map((problem) => problem.key).sort()).toEqual([
      'update.checkHours',
      'update.feedUrl',
      'update.publisherName',
    ]);
  });

  it.each([
    ['update.channel', 'latest', true],
    ['update.channel', 'beta', true],
    ['update.channel', 'alpha', false],
    ['update.checkHours', 4, true],
    ['update.checkHours', 0, false],
    ['update.checkHours', 1.5, false],
    ['update.checkHours', 169, false],
    ['update.publisherName', 'Kiosk Shop Ltd', true],
    ['update.publisherName', "Kiosk'; Remove-Item", false],
    ['maxMemoryMB', 0, true],
    ['maxMemoryMB', 2048, true],
    ['maxMemoryMB', -1, false],
    ['scheduledRelaunch', false, true],
    ['scheduledRelaunch', 'no', false],
    ['logMaxMB', 1, true],
    ['logMaxMB', 0, false],
    ['logMaxMB', 101, false],
  ])('%s %j is accepted: %s', (name, value, ok) => {
    expect(TABLE[name]?.schema.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['mqtt://127.0.0.1:1883', true],
    ['mqtts://broker.example:8883', true],
    ['ws://127.0.0.1:9001/mqtt', true],
    ['WSS://broker.example/mqtt', true],
    ['', true],
    ['http://broker.example', false],
    ['tcp://broker.example', false],
    ['mqtt://user:secret@broker.example', false],
    ['mqtt://', false],
    ['mqtt://broker.example/#x', false],
    ['mqtt://broker.example\nConfig: forged', false],
  ])('fleet.brokerUrl %j is accepted: %s', (url, ok) => {
    expect(TABLE['fleet.brokerUrl']?.schema.safeParse(url).success).toBe(ok);
  });

  it.each([
    [[], true],
    [['mqtt://127.0.0.1:1883'], true],
    [['mqtts://a.example:8883', 'wss://b.example/mqtt'], true],
    [[''], false],
    [['http://broker.example'], false],
    [['mqtt://user:secret@broker.example'], false],
    [['mqtt://broker.example\nConfig: forged'], false],
    [['mqtt://a.example', 'mqtt://a.example'], false],
    [Array.from({ length: 17 }, (_, n) => `mqtt://n${n}.example`), false],
    ['mqtt://a.example', false],
  ])('fleet.brokerUrls %j is accepted: %s', (urls, ok) => {
    expect(TABLE['fleet.brokerUrls']?.schema.safeParse(urls).success).toBe(ok);
  });

  it.each([
    ['', ''],
    ['https://shop-service.example', 'https://shop-service.example'],
    [' https://shop-service.example:8470/ ', 'https://shop-service.example:8470'],
    ['http://127.0.0.1:8470', 'http://127.0.0.1:8470'],
    ['http://localhost:8470/', 'http://localhost:8470'],
    ['http://[::1]:8470', 'http://[::1]:8470'],
    // Plain http only to this machine, as the service itself listens.
    ['http://192.168.1.20:8470', null],
    ['http://shop-service.example', null],
    // An origin only: the kiosk signs the path it sends to.
    ['https://shop-service.example/shop', null],
    ['https://shop-service.example/?x=1', null],
    ['https://shop-service.example/#top', null],
    ['https://staff:secret@shop-service.example', null],
    ['ftp://shop-service.example', null],
    ['wss://shop-service.example', null],
    ['https://', null],
    ['https://shop service.example', null],
    ['http://127.0.0.1.example', null],
    ['http://127.8.9.10', 'http://127.8.9.10'],
    ['shop-service.example', null],
    ['https://shop-service.example\nConfig: forged', null],
  ])('shopServiceUrl %j is kept as %j (null: refused)', (url, kept) => {
    const parsed = TABLE.shopServiceUrl?.schema.safeParse(url);
    expect(parsed?.success ? parsed.data : null).toBe(kept);
  });

  it('reads fleet.brokerUrls from text as a comma-separated list', () => {
    expect(TABLE['fleet.brokerUrls']?.fromText?.(' mqtt://a:1, mqtt://b:2 ,')).toEqual({
      value: ['mqtt://a:1', 'mqtt://b:2'],
    });
  });

  it.each([
    [60, true],
    [1, true],
    [1440, true],
    [0, false],
    [1441, false],
    [1.5, false],
    ['60', false],
  ])('catalogueMaxAgeMinutes %j is accepted: %s', (minutes, ok) => {
    expect(TABLE.catalogueMaxAgeMinutes?.schema.safeParse(minutes).success).toBe(ok);
  });

  it.each([
    ['', true],
    ['USB Headset', true],
    ['alsa_output.usb-Plantronics_Headset-00.analog-stereo', true],
    ['a'.repeat(256), true],
    ['a'.repeat(257), false],
    ['Headset\nConfig: forged', false],
    [3, false],
  ])('speechOutputDevice %j is accepted: %s', (device, ok) => {
    expect(TABLE.speechOutputDevice?.schema.safeParse(device).success).toBe(ok);
  });

  it('reads the speech output from the environment and the command line', () => {
    expect(
      environmentLayer({ SHOP_SPEECH_OUTPUT_DEVICE: ' USB Headset ' }, fakeLogger()).values,
    ).toEqual({ speechOutputDevice: 'USB Headset' });
    expect(TABLE.speechOutputDevice).toMatchObject({ flag: 'speech-output-device', remote: true });
  });

  it.each([
    ['', ''],
    ['K', 'K'],
    [' c ', 'C'],
    ['x', 'X'],
    ['B', null],
    ['O', null],
    ['CK', null],
    ['1', null],
    [3, null],
  ])('collectionLetter %j reads as %j', (letter, read) => {
    const parsed = TABLE.collectionLetter?.schema.safeParse(letter);
    expect(parsed?.success ? parsed.data : null).toBe(read);
  });

  it('reads the collection letter from the files, the environment and the command line only', () => {
    expect(environmentLayer({ SHOP_COLLECTION_LETTER: 'm' }, fakeLogger()).values).toEqual({
      collectionLetter: 'M',
    });
    expect(TABLE.collectionLetter).toMatchObject({ flag: 'collection-letter', default: '' });
    // A signed config sent to a store would give every kiosk of it the same letter.
    expect(TABLE.collectionLetter?.remote).toBeUndefined();
    expect(validateConfigKeys({ collectionLetter: 'W' }, 'config file').values).toEqual({
      collectionLetter: 'W',
    });
  });

  it.each([
    ['en,es,fr,de,ar', 'en,es,fr,de,ar'],
    [' ES , ar ', 'es,ar'],
    [['de', 'en'], 'de,en'],
    ['en,', 'en'],
    ['', null],
    [[], null],
    ['en,en', null],
    ['en,xx', null],
    [['en', 3], null],
    ['en-XA', null],
    [7, null],
  ])('languages %j is kept as %j', (languages, kept) => {
    const parsed = TABLE.languages?.schema.safeParse(languages);
    expect(parsed?.success ? parsed.data : null).toBe(kept);
  });

  it('keeps any languages value, from a file or a fleet, to known languages each once, or refuses it', () => {
    const known: readonly string[] = SHOPPER_LANGUAGES;
    const language = fc.oneof(fc.constantFrom(...known, 'EN', ' es ', 'xx', ''), fc.string());
    fc.assert(
      fc.property(fc.oneof(fc.array(language, { maxLength: 8 }), fc.string()), (value) => {
        const parsed = TABLE.languages?.schema.safeParse(value);
        if (!parsed?.success) return;
        const list = String(parsed.data).split(',');
        expect(list.length).toBeGreaterThan(0);
        expect(list.every((one) => known.includes(one))).toBe(true);
        expect(new Set(list).size).toBe(list.length);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the languages and the default from the environment; a fleet may set both', () => {
    expect(
      environmentLayer({ SHOP_LANGUAGES: 'es,en', SHOP_DEFAULT_LANGUAGE: ' ES ' }, fakeLogger())
        .values,
    ).toEqual({ languages: 'es,en', defaultLanguage: 'es' });
    expect(environmentLayer({ SHOP_DEFAULT_LANGUAGE: 'tlh' }, fakeLogger()).values).toEqual({});
    expect(TABLE.languages).toMatchObject({ flag: 'languages', remote: true });
    expect(TABLE.defaultLanguage).toMatchObject({ flag: 'default-language', remote: true });
    expect(
      validateConfigKeys({ languages: ['ar', 'en'], defaultLanguage: 'ar' }, 'remote').values,
    ).toEqual({ languages: 'ar,en', defaultLanguage: 'ar' });
  });

  it('takes the remote config key from the files only, and holds it empty in a lockdown', () => {
    expect(TABLE['fleet.configPublicKey']).toMatchObject({
      from: ['machine-wide file', 'config file'],
      lockdown: true,
    });
  });

  it('takes the enrolment key from the files only, and holds it empty in a lockdown', () => {
    expect(TABLE['fleet.enrolmentPublicKey']).toMatchObject({
      from: ['machine-wide file', 'config file'],
      lockdown: true,
    });
    expect(TABLE['fleet.enrolmentPublicKey']?.schema.safeParse('A'.repeat(43)).success).toBe(true);
    expect(TABLE['fleet.enrolmentPublicKey']?.schema.safeParse('not a key').success).toBe(false);
  });

  it.each(entries)('%s: its default passes its own schema', (_name, spec) => {
    expect(spec.schema.safeParse(spec.default)).toMatchObject({
      success: true,
      data: spec.default,
    });
  });

  it('gives every variable and flag to one key only', () => {
    const envs = entries.flatMap(([, spec]) => (spec.env ? [spec.env] : []));
    const flags = entries.flatMap(([, spec]) => [
      ...(spec.flag ? [spec.flag] : []),
      ...Object.keys(spec.switches ?? {}),
    ]);
    expect(new Set(envs).size).toBe(envs.length);
    expect(new Set(flags).size).toBe(flags.length);
    for (const env of envs) expect(env).toMatch(/^SHOP_[A-Z_]+$/);
  });

  it.each(entries)('%s is in the documented table with its variable and flags', (name, spec) => {
    const row = docRows().find((cells) => cells[3]?.includes(`\`${name}\``));
    expect(row, `no row of ${CONFIG_DOC} names \`${name}\``).toBeDefined();
    const [, cli = '', env = ''] = row ?? [];
    if (spec.env) expect(env).toContain(spec.env);
    else expect(env).toBe('—');
    if (spec.flag) expect(cli).toContain(`--${spec.flag}`);
    for (const bare of Object.keys(spec.switches ?? {})) expect(cli).toContain(`--${bare}`);
    if (!spec.flag && !spec.switches) expect(cli).toBe('—');
  });

  it('the documented table names no variable or flag the kiosk does not read', () => {
    const known = new Set([
      'SHOP_CONFIG',
      '--config',
      ...entries.flatMap(([, spec]) => [
        ...(spec.env ? [spec.env] : []),
        ...(spec.flag ? [`--${spec.flag}`] : []),
        ...Object.keys(spec.switches ?? {}).map((bare) => `--${bare}`),
      ]),
    ]);
    const named = docRows().flatMap(([, cli = '', env = '']) => [
      ...(cli.match(/--[a-z-]+/g) ?? []),
      ...(env.match(/SHOP_[A-Z_]+/g) ?? []),
    ]);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });
});
