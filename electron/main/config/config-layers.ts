/**
 * The configuration as a list of layers, merged key by key. Precedence is CONFIG_LAYERS'
 * order, whatever order the list is in: machine-wide file > command line > environment >
 * remote > the account's config file > defaults. A layer may also lock keys (only the
 * machine-wide file does): below it, nobody may set them, even where it holds no valid
 * value for them, so a key the owner of the machine meant to fix never falls open.
 */
import {
  CONFIG_KEYS,
  CONFIG_LAYERS,
  defaultsOf,
  type ConfigKeyTable,
  type ConfigLayerName,
  type KioskConfig,
} from '../../../shared/kiosk-config/config-keys';
import {
  describeKey,
  validateConfigKeys,
  validateConfigText,
  type ConfigProblem,
} from '../../../shared/kiosk-config/config-validate';

/** The table as plain specs, for code that walks every key alike. */
const TABLE: ConfigKeyTable = CONFIG_KEYS;

export interface ConfigLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface ConfigLayer<V = KioskConfig> {
  name: ConfigLayerName;
  /** How log lines name it, e.g. the file's path; its name when absent. */
  where?: string;
  values: Partial<V>;
  /** Keys no lower layer may set; a locked key this layer has no value for is its default. */
  locks?: readonly string[];
}

export interface MergedConfig<V = KioskConfig> {
  config: V;
  /** Which layer each key's value came from. */
  origins: Record<keyof V, ConfigLayerName>;
}

/** The defaults as a layer, so the list names every source there is. */
export function defaultsLayer(): ConfigLayer {
  return { name: 'defaults', values: defaultsOf(CONFIG_KEYS) };
}

function logProblems(problems: readonly ConfigProblem[], where: string, log: ConfigLogger): void {
  for (const { key, reason } of problems) {
    log.warn(`Config: ignoring ${describeKey(key)} in ${where}: ${reason}`);
  }
}

/** Keys locked together with `names` (their lock groups), in table order. */
function withGroups(names: readonly string[], table: ConfigKeyTable): string[] {
  const groups = new Set(names.map((name) => table[name]?.lockGroup).filter(Boolean));
  return Object.entries(table)
    .filter(([name, spec]) => names.includes(name) || groups.has(spec.lockGroup))
    .map(([name]) => name);
}

/**
 * A layer from a parsed JSON object (a file, later a remote payload), key by key; each
 * invalid key is logged with its reason. With `locking` (the machine-wide file), every key
 * of the table it names locks, valid or not: a mistyped value there holds its default.
 */
export function objectLayer(
  object: unknown,
  name: ConfigLayerName,
  where: string,
  log: ConfigLogger,
  { locking = false }: { locking?: boolean } = {},
): ConfigLayer {
  const { values, problems, named } = validateConfigKeys(object, name);
  logProblems(problems, where, log);
  return { name, where, values, ...(locking ? { locks: withGroups(named, CONFIG_KEYS) } : {}) };
}

/**
 * The machine-wide file exists but cannot be read or parsed: the owner meant to fix
 * something and we cannot tell what, so the keys that open the kiosk hold their safe
 * defaults (kiosk mode, no staff PIN, the embedded catalogue) and nobody below may set them.
 */
export function lockdownLayer(where: string): ConfigLayer {
  const locks = Object.entries(CONFIG_KEYS)
    .filter(([, spec]) => spec.lockdown === true)
    .map(([name]) => name);
  return { name: 'machine-wide file', where, values: {}, locks };
}

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

export function commandLineLayer(argv: readonly string[], log: ConfigLogger): ConfigLayer {
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(TABLE)) {
    const raw = spec.flag === undefined ? undefined : readFlag(argv, spec.flag);
    if (raw !== undefined) {
      const checked = validateConfigText(spec, raw, 'command line');
      if (checked.ok) values[name] = checked.value;
      else log.warn(`Config: ignoring --${spec.flag}: ${checked.reason}`);
    }
    const bare = Object.entries(spec.switches ?? {}).find(([flag]) => argv.includes(`--${flag}`));
    if (bare) values[name] = bare[1];
  }
  return { name: 'command line', values };
}

export function environmentLayer(
  env: Readonly<Record<string, string | undefined>>,
  log: ConfigLogger,
): ConfigLayer {
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(TABLE)) {
    const raw = spec.env === undefined ? undefined : env[spec.env];
    if (raw === undefined || spec.env === undefined) continue;
    const checked = validateConfigText(spec, raw, 'environment');
    if (checked.ok) values[name] = checked.value;
    else log.warn(`Config: ignoring ${spec.env}: ${checked.reason}`);
  }
  return { name: 'environment', values };
}

const rank = (layer: ConfigLayer<unknown>): number => CONFIG_LAYERS.indexOf(layer.name);

/**
 * Merges the layers key by key: the highest layer holding a key wins, unless a higher one
 * locks it. Layers of the same name keep the order given (the first wins). Each value in a
 * layer was validated on its own, so the result is a valid config.
 */
export function mergeConfigLayers(layers: readonly ConfigLayer[], log: ConfigLogger): MergedConfig {
  const ordered = [...layers].sort((a, b) => rank(a) - rank(b));
  const lockedBy = new Map<string, number>();
  ordered.forEach((layer, index) => {
    for (const name of layer.locks ?? []) if (!lockedBy.has(name)) lockedBy.set(name, index);
  });
  const config: Record<string, unknown> = { ...defaultsOf(CONFIG_KEYS) };
  const origins: Record<string, ConfigLayerName> = {};
  const ignored = new Map<number, string[]>();
  ordered.forEach((layer, index) => {
    for (const name of Object.keys(layer.values)) {
      if (!Object.hasOwn(CONFIG_KEYS, name)) continue;
      const locker = lockedBy.get(name);
      if (locker !== undefined && locker < index) {
        // The defaults stand behind every key; they are not a value someone tried to set.
        if (layer.name === 'defaults') continue;
        ignored.set(locker, [...(ignored.get(locker) ?? []), `${name} (${layer.name})`]);
        continue;
      }
      if (name in origins) continue;
      config[name] = (layer.values as Record<string, unknown>)[name];
      origins[name] = layer.name;
    }
    for (const name of layer.locks ?? []) origins[name] ??= layer.name;
  });
  for (const [locker, names] of ignored) {
    const layer = ordered[locker];
    if (!layer) continue;
    log.warn(
      `Config: ${layer.where ?? layer.name} locks these keys, so other values are ignored: ${names.join(', ')}`,
    );
  }
  for (const name of Object.keys(CONFIG_KEYS)) origins[name] ??= 'defaults';
  // Built key by key from the table's defaults and values its schemas accepted.
  return { config: config as KioskConfig, origins };
}
