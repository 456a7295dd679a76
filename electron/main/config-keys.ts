/**
 * Every configuration key of the kiosk, in one table: its schema, default, environment
 * variable and flag, and how the machine-wide file locks it. Adding a key is one entry in
 * CONFIG_KEYS; the file, environment and command-line readers, the validator, the layer
 * merge and the defaults all follow from it.
 *
 * Keys of a group are dotted ('fleet.brokerUrl'); a file writes them nested
 * (`{"fleet": {"brokerUrl": …}}`) and the merged config keeps the dotted name.
 */
import { z } from 'zod';
import { isAbsoluteHttpUrl, normaliseCatalogueUrl } from '../../shared/catalogue-url';
import { isCspSafeUrl } from '../../shared/csp';
import { parsePlainDecimal } from './decimal-text';
import { parseStaffPinHash, STAFF_PIN_DIGITS, STAFF_PIN_PATTERN } from './staff-pin-hash';

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
}

/** Lets TypeScript infer each entry's value type from its schema. */
function key<T>(spec: ConfigKeySpec<T>): ConfigKeySpec<T> {
  return spec;
}

/** For whole numbers from text: plain decimal digits only (no `0x10`, `1e2`, `+16`, ` 16`). */
export function decimalText(text: string): TextReading {
  const value = parsePlainDecimal(text);
  return value === null ? { problem: 'must be a whole number in plain digits 0-9' } : { value };
}

function windowedText(text: string): TextReading {
  const normalized = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return { value: 'windowed' };
  if (['0', 'false', 'no', 'off', ''].includes(normalized)) return { value: 'kiosk' };
  return { problem: 'must be 1/0, true/false' };
}

export type KioskMode = 'kiosk' | 'windowed';

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

export const CONFIG_KEYS = {
  /** Empty: the embedded demo catalogue, served by the app protocol at app://shop/api. */
  catalogueUrl: key({
    schema: catalogueUrlSchema,
    default: '',
    env: 'SHOP_CATALOGUE_URL',
    flag: 'catalogue-url',
    lockdown: true,
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
      .refine((value) => value === '' || parseStaffPinHash(value) !== null, {
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
  }),
  /** Long enough to read and reach the button, short enough not to keep the next shopper. */
  idleCountdownSeconds: key({
    schema: z.number().int().min(5).max(300),
    default: 15,
    env: 'SHOP_IDLE_COUNTDOWN',
    flag: 'idle-countdown',
    fromText: decimalText,
  }),
  /** Empty: the system default printer. */
  printerName: key({
    schema: z.string().trim().max(256),
    default: '',
    env: 'SHOP_PRINTER_NAME',
    flag: 'printer-name',
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
