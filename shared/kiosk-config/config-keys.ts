/**
 * Every configuration key of the kiosk, in one table: its schema, default, environment
 * variable and flag, and how the machine-wide file locks it. Adding a key is one entry in
 * CONFIG_KEYS; the file, environment and command-line readers, the validator, the layer
 * merge and the defaults all follow from it.
 *
 * Keys of a group are dotted ('fleet.brokerUrl'); a file writes them nested
 * (`{"fleet": {"brokerUrl": …}}`) and the merged config keeps the dotted name.
 *
 * The table and its rules are pure, so the kiosk's main process (which reads its files,
 * environment and flags: electron/main/config/), its fleet agent (a remote config's keys:
 * fleet-agent/config/remote-keys.ts) and the simulator read the same one.
 */
import { z } from 'zod';
import { isAbsoluteHttpUrl, normaliseCatalogueUrl } from '../catalogue-url';
import { COLLECTION_LETTERS, type CollectionLetter } from '../collection-number';
import { isCspSafeUrl } from '../csp';
import { MAX_BROKER_URLS, splitBrokerList } from '../fleet/broker-choice';
import { isValidGroupId } from '../fleet/groups';
import { isPublicKeyText } from '../fleet/receipt-code';
import {
  DEFAULT_LANGUAGE,
  isShopperLanguage,
  SHOPPER_LANGUAGES,
  type ShopperLanguage,
} from '../languages';
import { DEFAULT_TOPIC_PREFIX, isValidKioskId, isValidTopicPrefix } from '../fleet/topics';
import { parsePlainDecimal } from './decimal-text';
import { openingHoursSchema } from './opening-hours';
import { readStaffPinHash, STAFF_PIN_DIGITS, STAFF_PIN_PATTERN } from './staff-pin';
import { isUpdateFeedUrl } from './feed-url';
import { parseUpdateWindow } from './update-window';

/** The layers a value can come from, highest precedence first. */
export const CONFIG_LAYERS = [
  'machine-wide file',
  'command line',
  'environment',
  'remote',
  'config file',
  'defaults',
] as const;

export type ConfigLayerName = (typeof CONFIG_LAYERS)[number];

/** A value read from text (environment, command line), or why it cannot be one. */
export type TextReading = { value: unknown } | { problem: string };

export interface ConfigKeySpec<T> {
  /** Validates one value as a JSON file (or a remote payload) holds it. */
  schema: z.ZodType<T>;
  default: T;
  /** `SHOP_…` variable that sets it. */
  env?: string;
  /** `--name=value` (or `--name value`) flag that sets it. */
  flag?: string;
  /** Bare switches and the value each stands for; the first present wins. */
  switches?: Readonly<Record<string, T>>;
  /** How text from `env` or `flag` becomes a candidate for `schema`; default: as it is. */
  fromText?: (text: string) => TextReading;
  /** Keys of one group are locked together: one layer's PIN must not meet another's hash. */
  lockGroup?: string;
  /**
   * Held at its default (the safe value) when the machine-wide file exists but cannot be
   * read or parsed, whatever lower layers say.
   */
  lockdown?: boolean;
  /** The only layers that may set it; any layer when absent. */
  from?: readonly ConfigLayerName[];
  /**
   * A signed remote config (the fleet) may set it. Off unless a key opts in, so a key added
   * later is never remotely settable by accident.
   */
  remote?: boolean;
  /**
   * A running kiosk puts a new value (from a signed remote config, or the files read again)
   * in force at once. Any other key's new value waits for a relaunch at a safe moment: it
   * was read once at start (the window, the CSP, the updater, the catalogue's cache).
   */
  live?: boolean;
}

/**
 * Lets TypeScript infer each entry's value type from its schema, and keep whether it is
 * `live`, so the code that puts live keys in force is checked against the table.
 */
function key<T, Live extends boolean = false>(
  spec: ConfigKeySpec<T> & { live?: Live },
): ConfigKeySpec<T> & { live?: Live } {
  return spec;
}

/** For whole numbers from text: plain decimal digits only (no `0x10`, `1e2`, `+16`, ` 16`). */
export function decimalText(text: string): TextReading {
  const value = parsePlainDecimal(text);
  return value === null ? { problem: 'must be a whole number in plain digits 0-9' } : { value };
}

/** A comma-separated broker list from text (`--fleet-brokers=a,b`); empty text is no list. */
function brokerListText(text: string): TextReading {
  return { value: splitBrokerList(text) };
}

function windowedText(text: string): TextReading {
  const normalized = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return { value: 'windowed' };
  if (['0', 'false', 'no', 'off', ''].includes(normalized)) return { value: 'kiosk' };
  return { problem: 'must be 1/0, true/false' };
}

function onOffText(text: string): TextReading {
  const normalized = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return { value: true };
  if (['0', 'false', 'no', 'off'].includes(normalized)) return { value: false };
  return { problem: 'must be 1/0, true/false, on/off' };
}

export type KioskMode = 'kiosk' | 'windowed';

/** SemVer 2.0 (semver.org's own pattern, without the leading v electron-builder drops). */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export const UPDATE_CHANNELS = ['latest', 'beta'] as const;
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number];

const catalogueUrlSchema = z
  .string()
  .transform(normaliseCatalogueUrl)
  .refine((value) => value === '' || isAbsoluteHttpUrl(value), {
    message: 'must be empty or an http(s) URL',
  })
  // The origin goes into the Content-Security-Policy header: no `;`, `,`, `*` or quotes.
  .refine((value) => value === '' || isCspSafeUrl(value), {
    message: 'must have a plain host name (letters, digits, dots, hyphens) or IP address',
  });

/** An MQTT broker: mqtt, mqtts, ws or wss, credentials never in the URL (it is logged). */
export function isBrokerUrl(value: string): boolean {
  if (!/^(mqtts?|wss?):\/\//i.test(value) || /[\s\p{Cc}]/u.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && url.username === '' && url.password === '' && url.hash === '';
  } catch {
    return false;
  }
}

const brokerUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isBrokerUrl(value), {
    message:
      'must be empty or an mqtt://, mqtts://, ws:// or wss:// URL without credentials (use fleet.username and fleet.password)',
  });

/**
 * The shop service's origin, under the update feed's transport rule (https, or plain http to
 * this machine only; no credentials, query or fragment) and with no path: the kiosk signs
 * the path it sends to, and a proxy that moved the service under one of its own would change
 * the path the service checks.
 */
function isShopServiceUrl(value: string): boolean {
  return isUpdateFeedUrl(value) && new URL(value).pathname === '/';
}

/** A file the kiosk reads (a CA or client certificate, a key): an absolute path. */
const filePathSchema = z
  .string()
  .trim()
  .max(4096)
  .refine((value) => value === '' || /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(value), {
    message: 'must be empty or an absolute path',
  });

/**
 * The shopper's languages, as a comma list ("en,es,ar") or, in a file, a list: kept as the
 * comma list, so the same choice read twice is the same value.
 */
const languagesSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (typeof value === 'string' ? value.split(',') : value)
      .map((language) => language.trim().toLowerCase())
      .filter((language) => language !== ''),
  )
  .refine(
    (list) =>
      list.length > 0 && list.every(isShopperLanguage) && new Set(list).size === list.length,
    { message: `must list one or more of ${SHOPPER_LANGUAGES.join(', ')}, each once` },
  )
  .transform((list) => list.join(','));

const lowerCaseText = (text: string): TextReading => ({ value: text.trim().toLowerCase() });

/** Seconds from text or a file, within bounds. */
const seconds = (min: number, max: number) => z.number().int().min(min).max(max);

export const CONFIG_KEYS = {
  /** Empty: the embedded demo catalogue, served by the app protocol at app://shop/api. */
  catalogueUrl: key({
    schema: catalogueUrlSchema,
    default: '',
    env: 'SHOP_CATALOGUE_URL',
    flag: 'catalogue-url',
    lockdown: true,
    remote: true,
  }),
  mode: key<KioskMode>({
    schema: z.enum(['kiosk', 'windowed']),
    default: 'kiosk',
    env: 'SHOP_WINDOWED',
    fromText: windowedText,
    switches: { windowed: 'windowed', kiosk: 'kiosk' },
    lockdown: true,
  }),
  /** Plain text, kept working but warned about; staffPinHash is the way to store it. */
  staffPin: key({
    schema: z
      .string()
      .trim()
      .refine((value) => value === '' || STAFF_PIN_PATTERN.test(value), {
        message: `must be ${STAFF_PIN_DIGITS} digits`,
      }),
    default: '',
    env: 'SHOP_STAFF_PIN',
    flag: 'staff-pin',
    lockGroup: 'staff PIN',
    lockdown: true,
  }),
  /** A salted scrypt hash of the PIN; wins over staffPin. Both empty: the chord cannot quit. */
  staffPinHash: key({
    schema: z
      .string()
      .trim()
      .refine((value) => value === '' || readStaffPinHash(value) !== null, {
        message: 'must be a hash printed by npm run staff-pin:hash',
      }),
    default: '',
    env: 'SHOP_STAFF_PIN_HASH',
    lockGroup: 'staff PIN',
    lockdown: true,
  }),
  /** Seconds without a touch before "Are you still there?" appears; 0 = never. */
  idleTimeoutSeconds: key({
    schema: z.number().int().min(0).max(86_400),
    default: 90,
    env: 'SHOP_IDLE_TIMEOUT',
    flag: 'idle-timeout',
    fromText: decimalText,
    remote: true,
    live: true,
  }),
  /** Long enough to read and reach the button, short enough not to keep the next shopper. */
  idleCountdownSeconds: key({
    schema: z.number().int().min(5).max(300),
    default: 15,
    env: 'SHOP_IDLE_COUNTDOWN',
    flag: 'idle-countdown',
    fromText: decimalText,
    remote: true,
    live: true,
  }),
  /**
   * A cached catalogue older than this is fetched again in the background after the next
   * idle wipe (never in front of a shopper). A day at most between checks on a shop's
   * prices, a minute at least so a kiosk does not ask after every shopper.
   */
  catalogueMaxAgeMinutes: key({
    schema: z.number().int().min(1).max(1440),
    default: 60,
    env: 'SHOP_CATALOGUE_MAX_AGE_MINUTES',
    flag: 'catalogue-max-age',
    fromText: decimalText,
    remote: true,
  }),
  /** Empty: the system default printer. */
  printerName: key({
    schema: z.string().trim().max(256),
    default: '',
    env: 'SHOP_PRINTER_NAME',
    flag: 'printer-name',
    remote: true,
    live: true,
  }),
  /**
   * The audio output the kiosk's speech plays on: a device id or its label as the
   * system lists it ("USB Headset"), matched whole and then as part of a label, so speech can
   * go to a headset jack only. Empty: the system's default output. Remote: a fleet may move
   * speech to a newly fitted headset.
   */
  speechOutputDevice: key({
    schema: z
      .string()
      .trim()
      .max(256)
      .regex(/^[^\p{Cc}]*$/u, 'must not hold control characters'),
    default: '',
    env: 'SHOP_SPEECH_OUTPUT_DEVICE',
    flag: 'speech-output-device',
    remote: true,
  }),
  /**
   * The languages a shopper may choose, in the order the attract screen and the menu offer
   * them: one alone offers no choice. Remote: a fleet may add a language for a new area.
   */
  languages: key({
    schema: languagesSchema,
    default: SHOPPER_LANGUAGES.join(','),
    env: 'SHOP_LANGUAGES',
    flag: 'languages',
    remote: true,
  }),
  /** The language every session starts in and the idle wipe returns to; it must be offered. */
  defaultLanguage: key<ShopperLanguage>({
    schema: z.enum(SHOPPER_LANGUAGES),
    default: DEFAULT_LANGUAGE,
    env: 'SHOP_DEFAULT_LANGUAGE',
    flag: 'default-language',
    fromText: lowerCaseText,
    remote: true,
  }),
  /**
   * The letter of this kiosk's collection numbers ("C 27"), one of COLLECTION_LETTERS
   * (shared/collection-number.ts: letters that read and sound apart). Each kiosk of a shop
   * needs its own, or two could give the same number on the same day. Empty: a letter
   * taken from the kiosk id, the same at every start; the log says which.
   */
  collectionLetter: key<CollectionLetter | ''>({
    schema: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(
        z.union([z.literal(''), z.enum(COLLECTION_LETTERS)], {
          error: `must be empty or one of ${COLLECTION_LETTERS.join(', ')}`,
        }),
      ),
    default: '',
    env: 'SHOP_COLLECTION_LETTER',
    flag: 'collection-letter',
  }),
  /** Empty: no fleet; nothing connects. */
  'fleet.brokerUrl': key({
    schema: brokerUrlSchema,
    default: '',
    env: 'SHOP_FLEET_BROKER',
    flag: 'fleet-broker',
  }),
  /**
   * The equal nodes of a broker cluster; empty: fleet.brokerUrl alone. The kiosk connects
   * to one at random and moves to another when it is lost (shared/fleet/broker-choice.ts).
   */
  'fleet.brokerUrls': key({
    schema: z
      .array(
        z.string().refine(isBrokerUrl, {
          message:
            'each must be an mqtt://, mqtts://, ws:// or wss:// URL without credentials (use fleet.username and fleet.password)',
        }),
      )
      .max(MAX_BROKER_URLS, `must name at most ${MAX_BROKER_URLS} brokers`)
      .refine((urls) => new Set(urls).size === urls.length, {
        message: 'must not name a broker twice',
      }),
    default: [],
    env: 'SHOP_FLEET_BROKERS',
    flag: 'fleet-brokers',
    fromText: brokerListText,
  }),
  /** Empty: a random id made on first start and kept in <userData>/fleet-kiosk-id. */
  'fleet.kioskId': key({
    schema: z
      .string()
      .trim()
      .refine((value) => value === '' || isValidKioskId(value), {
        message: 'must be 1 to 64 letters, digits, - or _, and not "all"',
      }),
    default: '',
    env: 'SHOP_FLEET_KIOSK_ID',
    flag: 'fleet-kiosk-id',
  }),
  'fleet.username': key({
    schema: z
      .string()
      .max(256)
      .regex(/^[^\p{Cc}]*$/u, 'must not hold control characters'),
    default: '',
    env: 'SHOP_FLEET_USERNAME',
  }),
  /** No flag: a command line is readable by every account on the machine. */
  'fleet.password': key({ schema: z.string().max(256), default: '', env: 'SHOP_FLEET_PASSWORD' }),
  /** PEM file of the CA that signed the broker's certificate; empty: the system's CAs. */
  'fleet.ca': key({ schema: filePathSchema, default: '', env: 'SHOP_FLEET_CA' }),
  /** PEM client certificate and key, for brokers that authenticate kiosks by certificate. */
  'fleet.cert': key({ schema: filePathSchema, default: '', env: 'SHOP_FLEET_CERT' }),
  'fleet.key': key({ schema: filePathSchema, default: '', env: 'SHOP_FLEET_KEY' }),
  'fleet.topicPrefix': key({
    schema: z.string().trim().refine(isValidTopicPrefix, {
      message: 'must be 1 to 64 letters, digits, - or _, in segments joined by /',
    }),
    default: DEFAULT_TOPIC_PREFIX,
    env: 'SHOP_FLEET_TOPIC_PREFIX',
    flag: 'fleet-topic-prefix',
  }),
  'fleet.healthSeconds': key({
    schema: seconds(5, 3600),
    default: 60,
    env: 'SHOP_FLEET_HEALTH_SECONDS',
    fromText: decimalText,
    remote: true,
    live: true,
  }),
  /** A dead kiosk shows offline within 1.5 times this. */
  'fleet.keepaliveSeconds': key({
    schema: seconds(5, 600),
    default: 30,
    env: 'SHOP_FLEET_KEEPALIVE_SECONDS',
    fromText: decimalText,
  }),
  /**
   * base64url raw Ed25519 key (npm run -s fleet:keygen) that remote configs must be signed
   * with; empty: every remote config is refused. Only the files may set it: whoever can
   * change the kiosk's shortcut or environment must not be able to pick the key.
   */
  'fleet.configPublicKey': key({
    schema: z
      .string()
      .trim()
      .refine((value) => value === '' || isPublicKeyText(value), {
        message: 'must be empty or a public key printed by npm run -s fleet:keygen',
      }),
    default: '',
    from: ['machine-wide file', 'config file'],
    lockdown: true,
  }),
  /**
   * The lowest signed config version a kiosk takes, on either config topic: a floor for a
   * kiosk with a fresh userData, which remembers no version yet. Files only: it is the
   * owner's rule over the fleet's key.
   */
  'fleet.minConfigVersion': key({
    schema: z.int().min(0),
    default: 0,
    from: ['machine-wide file', 'config file'],
  }),
  /**
   * The store and region this kiosk belongs to (group ids), until its enrolment certificate
   * says otherwise: a valid certificate's store and region win. The machine-wide file only:
   * whoever picks a kiosk's group picks which signed configs apply to it.
   */
  'fleet.store': key({
    schema: z
      .string()
      .trim()
      .refine((value) => value === '' || isValidGroupId(value), {
        message: 'must be empty or 1 to 64 letters, digits, - or _',
      }),
    default: '',
    from: ['machine-wide file'],
  }),
  'fleet.region': key({
    schema: z
      .string()
      .trim()
      .refine((value) => value === '' || isValidGroupId(value), {
        message: 'must be empty or 1 to 64 letters, digits, - or _',
      }),
    default: '',
    from: ['machine-wide file'],
  }),
  /**
   * base64url raw Ed25519 key the operator enrols kiosks with (npm run -s fleet:keygen);
   * a certificate for this kiosk's receipt key must verify against it before receipts are
   * signed. Empty: no certificate can be checked, and receipts show the plain receipt id.
   * Files only, like the config key: the broker or a shortcut must not pick it.
   */
  'fleet.enrolmentPublicKey': key({
    schema: z
      .string()
      .trim()
      .refine((value) => value === '' || isPublicKeyText(value), {
        message: 'must be empty or a public key printed by npm run -s fleet:keygen',
      }),
    default: '',
    from: ['machine-wide file', 'config file'],
    lockdown: true,
  }),
  /**
   * The shop service (services/shop) this kiosk sends each confirmed order to, signed with
   * its enrolled receipt key: its origin, over https (plain http only to this machine).
   * Empty: no order leaves the kiosk. Read at start; a new value waits for a relaunch.
   */
  shopServiceUrl: key({
    schema: z
      .string()
      .trim()
      .max(2048)
      .transform((value) => value.replace(/\/+$/, ''))
      .refine((value) => value === '' || isShopServiceUrl(value), {
        message:
          'must be empty or the shop service’s origin, https without a path or credentials (plain http only to this machine)',
      }),
    default: '',
    env: 'SHOP_SERVICE_URL',
    flag: 'shop-service-url',
  }),
  /**
   * Where updates come from (electron-builder's latest*.yml and artifacts); empty: no
   * updates. Files only, like the fleet key: whoever can change the kiosk's shortcut or
   * environment must not choose the code it installs. A broken machine-wide file holds it
   * empty.
   */
  'update.feedUrl': key({
    schema: z
      .string()
      .trim()
      .max(2048)
      .refine((value) => value === '' || isUpdateFeedUrl(value), {
        message:
          'must be empty or an https URL without credentials (plain http only to this machine)',
      }),
    default: '',
    from: ['machine-wide file', 'config file'],
    lockdown: true,
  }),
  'update.channel': key<UpdateChannel>({
    schema: z.enum(UPDATE_CHANNELS),
    default: 'latest',
    env: 'SHOP_UPDATE_CHANNEL',
    remote: true,
  }),
  /** Between two checks of the feed, before jitter. */
  'update.checkHours': key({
    schema: z.number().int().min(1).max(168),
    default: 4,
    env: 'SHOP_UPDATE_CHECK_HOURS',
    fromText: decimalText,
  }),
  /** Local "HH:MM-HH:MM" (may wrap midnight): updates install and the kiosk relaunches. */
  'update.window': key({
    schema: z
      .string()
      .trim()
      .refine((value) => value === '' || parseUpdateWindow(value) !== null, {
        message: 'must be empty or a local time window "HH:MM-HH:MM" (24-hour clock)',
      }),
    default: '02:00-04:00',
    env: 'SHOP_UPDATE_WINDOW',
  }),
  /** Empty: follow the channel. A version: install exactly that one, older or newer. */
  'update.pinVersion': key({
    schema: z
      .string()
      .trim()
      .max(64)
      .refine((value) => value === '' || SEMVER_PATTERN.test(value), {
        message: 'must be empty or a version such as 1.4.2',
      }),
    default: '',
    env: 'SHOP_UPDATE_PIN_VERSION',
    remote: true,
  }),
  /**
   * The oldest app version this kiosk may run: an update feed or a pin (however it is set)
   * that offers an older one is refused. Empty: no floor. Files only, so whoever holds the
   * fleet's signing key cannot roll the fleet back past it.
   */
  'update.minVersion': key({
    schema: z
      .string()
      .trim()
      .max(64)
      .refine((value) => value === '' || SEMVER_PATTERN.test(value), {
        message: 'must be empty or a version such as 1.4.2',
      }),
    default: '',
    from: ['machine-wide file', 'config file'],
  }),
  /**
   * Windows: the certificate subject (CN) an update must be signed by. Empty on Windows:
   * updates stay off, never unchecked. Files only, like the feed.
   */
  'update.publisherName': key({
    schema: z
      .string()
      .trim()
      .max(256)
      .regex(/^[^\p{Cc}'"`$]*$/u, 'must not hold control characters or quotes'),
    default: '',
    from: ['machine-wide file', 'config file'],
    lockdown: true,
  }),
  /** Main or renderer working set above this relaunches at the next quiet moment; 0 = off. */
  maxMemoryMB: key({
    schema: z.number().int().min(0).max(65_536),
    default: 1536,
    env: 'SHOP_MAX_MEMORY_MB',
    fromText: decimalText,
  }),
  /** A relaunch each night at the start of update.window, at a moment nobody is served. */
  scheduledRelaunch: key({
    schema: z.boolean(),
    default: true,
    env: 'SHOP_SCHEDULED_RELAUNCH',
    fromText: onOffText,
  }),
  /**
   * The store's weekly opening hours in its time zone (opening-hours.ts); outside them the
   * kiosk shows its closed screen, lets the display sleep and reports asleep. null: always
   * open. A store's signed config usually sets it; a schedule that fails its schema is
   * refused as a whole and the one before stays (none: open).
   */
  openingHours: key({
    schema: openingHoursSchema.nullable(),
    default: null,
    remote: true,
    live: true,
  }),
  /** The log file's size before it rotates; three rotated files are kept. */
  logMaxMB: key({
    schema: z.number().int().min(1).max(100),
    default: 1,
    env: 'SHOP_LOG_MAX_MB',
    fromText: decimalText,
  }),
};

/** A table of keys: CONFIG_KEYS, or one a test builds. */
export type ConfigKeyTable = Readonly<Record<string, ConfigKeySpec<unknown>>>;

/** The value type of every key of a table. */
export type ValuesOf<Table extends ConfigKeyTable> = {
  -readonly [K in keyof Table]: Table[K] extends ConfigKeySpec<infer T> ? T : never;
};

export type KioskConfig = ValuesOf<typeof CONFIG_KEYS>;
export type ConfigKey = keyof KioskConfig;

export function defaultsOf<Table extends ConfigKeyTable>(table: Table): ValuesOf<Table> {
  // Each entry's default has that entry's value type; the record is rebuilt key by key.
  return Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [name, spec.default]),
  ) as ValuesOf<Table>;
}

export const DEFAULT_CONFIG: KioskConfig = defaultsOf(CONFIG_KEYS);

/** The keys the table marks `live`, as a type. */
export type LiveKey = {
  [K in ConfigKey]: (typeof CONFIG_KEYS)[K] extends { live?: true } ? K : never;
}[ConfigKey];

/** The keys a running kiosk puts in force at once (`live` above); the rest wait for a relaunch. */
export const LIVE_KEYS: readonly LiveKey[] = Object.entries(CONFIG_KEYS as ConfigKeyTable)
  .filter(([, spec]) => spec.live === true)
  .map(([name]) => name as LiveKey);

export function isLiveKey(key: ConfigKey): key is LiveKey {
  return (LIVE_KEYS as readonly ConfigKey[]).includes(key);
}
