/**
 * The kiosk's one validated configuration. Precedence: CLI flags > SHOP_* environment >
 * JSON config file > defaults. Pure (file reading and logging are injected) so every
 * rule is unit-tested without Electron. A kiosk must always start: any bad source is
 * logged in one line and ignored, never thrown.
 */
import { join, posix, win32 } from 'node:path';
import { z } from 'zod';
import type { RendererConfig } from '../../shared/bridge';
import { isAbsoluteHttpUrl, normaliseCatalogueUrl } from '../../shared/catalogue-url';
import { isCspSafeUrl } from '../../shared/csp';
import { parseStaffPinHash, STAFF_PIN_PATTERN } from './staff-pin-hash';

export const CONFIG_FILE_NAME = 'kiosk-config.json';

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

const staffPinSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || STAFF_PIN_PATTERN.test(value), {
    message: 'must be 6 to 12 digits',
  });

const staffPinHashSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || parseStaffPinHash(value) !== null, {
    message: 'must be a hash printed by npm run staff-pin:hash',
  });

const idleTimeoutSchema = z.number().int().min(0).max(86_400);
/** Long enough to read and reach the button, short enough that the next shopper is not kept waiting. */
const idleCountdownSchema = z.number().int().min(5).max(300);

export const kioskConfigSchema = z.object({
  /** Empty: start the embedded demo catalogue on a free loopback port. */
  catalogueUrl: catalogueUrlSchema,
  mode: z.enum(['kiosk', 'windowed']),
  /** Plain text, kept working but warned about; staffPinHash is the way to store it. */
  staffPin: staffPinSchema,
  /** A salted scrypt hash of the PIN; wins over staffPin. Both empty: the chord cannot quit. */
  staffPinHash: staffPinHashSchema,
  /** Seconds without a touch before "Are you still there?" appears; 0 = never. */
  idleTimeoutSeconds: idleTimeoutSchema,
  /** Seconds the prompt counts down before the session is wiped. */
  idleCountdownSeconds: idleCountdownSchema,
  /** Empty: the system default printer. */
  printerName: z.string().trim().max(256),
});

export type KioskConfig = z.infer<typeof kioskConfigSchema>;

/** Strict so a misspelt key is reported instead of silently ignored. */
const configFileSchema = kioskConfigSchema.partial().strict();

export const DEFAULT_CONFIG: KioskConfig = {
  catalogueUrl: '',
  mode: 'kiosk',
  staffPin: '',
  staffPinHash: '',
  idleTimeoutSeconds: 90,
  idleCountdownSeconds: 15,
  printerName: '',
};

export interface ConfigLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface ConfigSources {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  userDataDir: string;
  /** Returns the file's text; throws an error with code ENOENT when it does not exist. */
  readFile: (path: string) => string;
  log: ConfigLogger;
  /**
   * An installed kiosk (app.isPackaged): the config comes only from the documented files,
   * and the machine-wide one, which the kiosk account cannot write, wins over everything.
   */
  packaged?: boolean;
  /** machineConfigPath(process.platform); read only when packaged. */
  machineConfigPath?: string;
  /** Whether this account could change the file (write it, or replace it in its folder). */
  canReplace?: (path: string) => boolean;
}

export interface LoadedConfig {
  config: KioskConfig;
  /** The per-account (or, unpackaged, the chosen) config file. */
  configPath: string;
  /** The machine-wide file that was consulted; null when unpackaged. */
  machineConfigPath: string | null;
}

/**
 * The machine-wide config of an installed kiosk: a folder only administrators can write.
 * Fixed paths, not %ProgramData%: the kiosk account sets its own environment.
 */
export function machineConfigPath(platform: NodeJS.Platform): string {
  if (platform === 'win32') return win32.join('C:\\ProgramData', 'Kiosk Shop', CONFIG_FILE_NAME);
  if (platform === 'darwin') {
    return posix.join('/Library/Application Support/Kiosk Shop', CONFIG_FILE_NAME);
  }
  return posix.join('/etc/kiosk-shop', CONFIG_FILE_NAME);
}

type PartialConfig = Partial<KioskConfig>;

/** Long CLI flags and their config keys; `--windowed` and `--kiosk` are bare switches. */
const VALUE_FLAGS = {
  'catalogue-url': 'catalogueUrl',
  'staff-pin': 'staffPin',
  'idle-timeout': 'idleTimeoutSeconds',
  'idle-countdown': 'idleCountdownSeconds',
  'printer-name': 'printerName',
} as const satisfies Record<string, keyof KioskConfig>;

const ENV_VARS = {
  SHOP_CATALOGUE_URL: 'catalogueUrl',
  SHOP_STAFF_PIN: 'staffPin',
  SHOP_STAFF_PIN_HASH: 'staffPinHash',
  SHOP_IDLE_TIMEOUT: 'idleTimeoutSeconds',
  SHOP_IDLE_COUNTDOWN: 'idleCountdownSeconds',
  SHOP_PRINTER_NAME: 'printerName',
} as const satisfies Record<string, keyof KioskConfig>;

/** Reads `--name=value` or `--name value`; Chromium's own switches are left alone. */
export function readFlag(argv: readonly string[], name: string): string | undefined {
  for (let index = 0; index < argv.length; index += 1) {
    const entry = argv[index];
    if (entry === `--${name}`) {
      const next = argv[index + 1];
      return next !== undefined && !next.startsWith('--') ? next : '';
    }
    if (entry?.startsWith(`--${name}=`)) return entry.slice(name.length + 3);
  }
  return undefined;
}

function hasSwitch(argv: readonly string[], name: string): boolean {
  return argv.includes(`--${name}`);
}

function parseBoolean(text: string): boolean | undefined {
  const normalized = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(normalized)) return false;
  return undefined;
}

/** Validates one raw text value for `key`; logs and drops it when invalid. */
function acceptValue(
  target: PartialConfig,
  key: Exclude<keyof KioskConfig, 'mode'>,
  raw: string,
  origin: string,
  log: ConfigLogger,
): void {
  const numeric = key === 'idleTimeoutSeconds' || key === 'idleCountdownSeconds';
  const candidate = numeric ? Number(raw.trim() === '' ? NaN : raw) : raw;
  const result = kioskConfigSchema.shape[key].safeParse(candidate);
  if (result.success) {
    Object.assign(target, { [key]: result.data });
  } else {
    log.warn(`Config: ignoring ${origin}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  }
}

export function readCliConfig(argv: readonly string[], log: ConfigLogger): PartialConfig {
  const config: PartialConfig = {};
  for (const [flag, key] of Object.entries(VALUE_FLAGS)) {
    const raw = readFlag(argv, flag);
    if (raw !== undefined) acceptValue(config, key, raw, `--${flag}`, log);
  }
  if (hasSwitch(argv, 'windowed')) config.mode = 'windowed';
  else if (hasSwitch(argv, 'kiosk')) config.mode = 'kiosk';
  return config;
}

export function readEnvConfig(
  env: Readonly<Record<string, string | undefined>>,
  log: ConfigLogger,
): PartialConfig {
  const config: PartialConfig = {};
  for (const [name, key] of Object.entries(ENV_VARS)) {
    const raw = env[name];
    if (raw !== undefined) acceptValue(config, key, raw, name, log);
  }
  const windowed = env.SHOP_WINDOWED;
  if (windowed !== undefined) {
    const flag = parseBoolean(windowed);
    if (flag === undefined) log.warn('Config: ignoring SHOP_WINDOWED: must be 1/0, true/false');
    else config.mode = flag ? 'windowed' : 'kiosk';
  }
  return config;
}

/**
 * The text of a config file as Windows editors save it: Windows PowerShell 5 writes UTF-8
 * with a byte-order mark (`Set-Content -Encoding UTF8`) or UTF-16 LE (`Out-File`, `>`).
 * A BOM is not JSON, so without this one stray character would throw the whole file away.
 */
export function decodeConfigText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // TextDecoder drops a UTF-8 BOM itself.
  return new TextDecoder('utf-8').decode(bytes);
}

function isMissingFile(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT'
  );
}

export function readFileConfig(
  path: string,
  explicit: boolean,
  readFile: (path: string) => string,
  log: ConfigLogger,
): PartialConfig {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    if (isMissingFile(error) && !explicit) {
      log.info(`Config: no config file at ${path}; using defaults, environment and flags`);
    } else {
      log.warn(`Config: cannot read config file ${path} (${describe(error)}); using safe defaults`);
    }
    return {};
  }
  // A reader that returns text as it is may still hand over the BOM as U+FEFF.
  const body = text.replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    log.warn(
      `Config: config file ${path} is not valid JSON${whereJsonBroke(error, body)}; using safe defaults`,
    );
    return {};
  }
  const result = configFileSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
      .join('; ');
    log.warn(`Config: config file ${path} is invalid (${problems}); using safe defaults`);
    return {};
  }
  return result.data;
}

/**
 * Where the JSON broke, as " (line 3, column 14)", never V8's message: that quotes the
 * text around the error, which can be the staff PIN, and the log is not meant to hold it.
 */
function whereJsonBroke(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : '';
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lineColumn) return ` (line ${lineColumn[1]}, column ${lineColumn[2]})`;
  const position = /at position (\d+)/.exec(message);
  if (!position) return '';
  const before = text.slice(0, Number(position[1])).split('\n');
  return ` (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Unpackaged: `--config` beats SHOP_CONFIG beats `<userData>/kiosk-config.json`. Packaged,
 * `--config` and SHOP_CONFIG are ignored (and named in `ignored`): whoever can edit the
 * kiosk's shortcut or environment must not be able to point it at a file of their own.
 */
export function resolveConfigPath(
  sources: Pick<ConfigSources, 'argv' | 'env' | 'userDataDir' | 'packaged'>,
): { path: string; explicit: boolean; ignored: string[] } {
  const fromCli = readFlag(sources.argv, 'config');
  const fromEnv = sources.env.SHOP_CONFIG?.trim();
  const own = join(sources.userDataDir, CONFIG_FILE_NAME);
  if (sources.packaged) {
    const ignored = [
      ...(fromCli === undefined ? [] : ['--config']),
      ...(fromEnv ? ['SHOP_CONFIG'] : []),
    ];
    return { path: own, explicit: false, ignored };
  }
  if (fromCli) return { path: fromCli, explicit: true, ignored: [] };
  if (fromEnv) return { path: fromEnv, explicit: true, ignored: [] };
  return { path: own, explicit: false, ignored: [] };
}

/** Set together: a PIN from one layer and a hash from another must not mix. */
const KEY_GROUPS: readonly (readonly (keyof KioskConfig)[])[] = [['staffPin', 'staffPinHash']];

/** The keys the machine-wide file sets, with their groups: no other layer may change them. */
function lockedKeys(machine: PartialConfig): Set<keyof KioskConfig> {
  const locked = new Set(Object.keys(machine) as (keyof KioskConfig)[]);
  for (const group of KEY_GROUPS) {
    if (group.some((key) => locked.has(key))) for (const key of group) locked.add(key);
  }
  return locked;
}

function without(layer: PartialConfig, keys: Set<keyof KioskConfig>): PartialConfig {
  return Object.fromEntries(
    Object.entries(layer).filter(([key]) => !keys.has(key as keyof KioskConfig)),
  );
}

/** The layers below the machine-wide file, each stripped of the keys it locks. */
function machineWide(
  path: string,
  sources: ConfigSources,
  layers: Record<string, PartialConfig>,
): { machine: PartialConfig; layers: Record<string, PartialConfig> } {
  const machine = readFileConfig(path, false, sources.readFile, sources.log);
  if (Object.keys(machine).length > 0 && sources.canReplace?.(path)) {
    sources.log.warn(
      `Config: this account can change the machine-wide config ${path}; make it and its folder writable by administrators only`,
    );
  }
  const locked = lockedKeys(machine);
  const overridden = Object.entries(layers).flatMap(([origin, layer]) =>
    Object.keys(layer)
      .filter((key) => locked.has(key as keyof KioskConfig))
      .map((key) => `${key} (${origin})`),
  );
  if (overridden.length > 0) {
    sources.log.warn(
      `Config: ${path} sets these machine-wide, so other values are ignored: ${overridden.join(', ')}`,
    );
  }
  return {
    machine,
    layers: Object.fromEntries(
      Object.entries(layers).map(([origin, layer]) => [origin, without(layer, locked)]),
    ),
  };
}

export function loadConfig(sources: ConfigSources): LoadedConfig {
  const { path, explicit, ignored } = resolveConfigPath(sources);
  if (ignored.length > 0) {
    sources.log.warn(
      `Config: ignoring ${ignored.join(' and ')}: an installed kiosk reads only ${path} and the machine-wide config`,
    );
  }
  const below = {
    'config file': readFileConfig(path, explicit, sources.readFile, sources.log),
    environment: readEnvConfig(sources.env, sources.log),
    'command line': readCliConfig(sources.argv, sources.log),
  };
  const machinePath = sources.packaged
    ? (sources.machineConfigPath ?? machineConfigPath(process.platform))
    : null;
  const { machine, layers } =
    machinePath === null
      ? { machine: {}, layers: below }
      : machineWide(machinePath, sources, below);
  const merged = {
    ...DEFAULT_CONFIG,
    ...layers['config file'],
    ...layers.environment,
    ...layers['command line'],
    ...machine,
  };
  // Each layer was validated on its own, so this cannot fail; parse once more to be sure.
  const result = kioskConfigSchema.safeParse(merged);
  const config = result.success ? result.data : DEFAULT_CONFIG;
  if (isPlainHttpOffMachine(config.catalogueUrl)) {
    sources.log.warn(
      `Config: catalogue ${config.catalogueUrl} is plain http; anyone on the network can change what the kiosk shows. Use https outside a trusted shop LAN`,
    );
  }
  return { config, configPath: path, machineConfigPath: machinePath };
}

/** Plain http is fine for the kiosk's own loopback catalogue, not for another machine. */
export function isPlainHttpOffMachine(catalogueUrl: string): boolean {
  if (!catalogueUrl.toLowerCase().startsWith('http:')) return false;
  try {
    const host = new URL(catalogueUrl).hostname;
    return !(host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host));
  } catch {
    return false;
  }
}

export function toRendererConfig(config: KioskConfig, catalogueUrl: string): RendererConfig {
  return {
    catalogueUrl,
    mode: config.mode,
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    idleCountdownSeconds: config.idleCountdownSeconds,
  };
}
