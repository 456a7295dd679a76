/**
 * The kiosk's one validated configuration, read from a list of layers (config-layers.ts):
 * on an installed kiosk the machine-wide file first of all, then CLI flags > SHOP_*
 * environment > the account's JSON config file > defaults. Every key is validated on its
 * own (shared/kiosk-config/config-validate.ts) against one table
 * (shared/kiosk-config/config-keys.ts). Pure (file reading and logging are injected) so
 * every rule is unit-tested without Electron. A kiosk must always start: a bad source is
 * logged and skipped, never thrown; a bad machine-wide file locks.
 */
import { join, posix, win32 } from 'node:path';
import type { RendererConfig } from '../../../shared/bridge';
import {
  DEFAULT_LANGUAGE,
  isShopperLanguage,
  SHOPPER_LANGUAGES,
  type ShopperLanguage,
} from '../../../shared/languages';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import { readConfigFile } from './config-file';
import {
  commandLineLayer,
  defaultsLayer,
  environmentLayer,
  lockdownLayer,
  mergeConfigLayers,
  objectLayer,
  readFlag,
  type ConfigLayer,
  type ConfigLogger as LayerLogger,
  type MergedConfig,
} from './config-layers';

// printing.ts and others name the config's type from here, where the config is loaded.
export type { KioskConfig } from '../../../shared/kiosk-config/config-keys';

export const CONFIG_FILE_NAME = 'kiosk-config.json';

export interface ConfigLogger extends LayerLogger {
  error(message: string): void;
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

/** The account's own file (or, unpackaged, the chosen one): a broken one is skipped. */
function accountFileLayer(
  path: string,
  explicit: boolean,
  sources: ConfigSources,
): ConfigLayer | null {
  const { log } = sources;
  const read = readConfigFile(path, sources.readFile);
  if (read.status === 'missing') {
    if (explicit)
      log.warn(`Config: cannot read config file ${path} (it does not exist); using safe defaults`);
    else log.info(`Config: no config file at ${path}; using defaults, environment and flags`);
    return null;
  }
  if (read.status === 'broken') {
    log.warn(`Config: config file ${path} ${read.reason}; using safe defaults`);
    return null;
  }
  return objectLayer(read.object, 'config file', path, log);
}

/**
 * The machine-wide file of an installed kiosk. Each key it names is locked (a wrong value
 * holds the default); one that exists but cannot be read or parsed locks the kiosk down.
 */
function machineLayer(path: string, sources: ConfigSources): ConfigLayer | null {
  const { log } = sources;
  const read = readConfigFile(path, sources.readFile);
  if (read.status === 'missing') {
    log.info(`Config: no machine-wide config at ${path}; no key is locked`);
    return null;
  }
  if (sources.canReplace?.(path)) {
    log.warn(
      `Config: this account can change the machine-wide config ${path}; make it and its folder writable by administrators only`,
    );
  }
  if (read.status === 'broken') {
    log.error(
      `Config: the machine-wide config ${path} ${read.reason}; locking the kiosk to safe values: kiosk mode, staff exit off, the embedded catalogue`,
    );
    return lockdownLayer(path);
  }
  return objectLayer(read.object, 'machine-wide file', path, log, { locking: true });
}

export interface ConfigLayers {
  /** Every layer read, in no particular order: mergeConfigLayers orders them. */
  layers: ConfigLayer[];
  configPath: string;
  machineConfigPath: string | null;
}

/**
 * Reads every layer there is now. A later layer (the fleet's remote config) joins the list
 * and goes through resolveConfig with the others.
 */
export function readConfigLayers(sources: ConfigSources): ConfigLayers {
  const { path, explicit, ignored } = resolveConfigPath(sources);
  if (ignored.length > 0) {
    sources.log.warn(
      `Config: ignoring ${ignored.join(' and ')}: an installed kiosk reads only ${path} and the machine-wide config`,
    );
  }
  const machinePath = sources.packaged
    ? (sources.machineConfigPath ?? machineConfigPath(process.platform))
    : null;
  const layers = [
    machinePath === null ? null : machineLayer(machinePath, sources),
    commandLineLayer(sources.argv, sources.log),
    environmentLayer(sources.env, sources.log),
    accountFileLayer(path, explicit, sources),
    defaultsLayer(),
  ].filter((layer): layer is ConfigLayer => layer !== null);
  return { layers, configPath: path, machineConfigPath: machinePath };
}

/**
 * The config in force from a list of layers, with the rules that hold whatever the layers
 * say: an installed kiosk takes no plain-http catalogue from another machine.
 */
export function resolveConfig(
  layers: readonly ConfigLayer[],
  { packaged = false }: { packaged?: boolean },
  log: ConfigLogger,
): MergedConfig {
  const merged = mergeConfigLayers(layers, log);
  const { catalogueUrl } = merged.config;
  if (!isPlainHttpOffMachine(catalogueUrl)) return merged;
  if (!packaged) {
    log.warn(
      `Config: catalogue ${catalogueUrl} is plain http; anyone on the network can change what the kiosk shows. Use https outside a trusted shop LAN`,
    );
    return merged;
  }
  log.error(
    `Config: refusing the catalogue ${catalogueUrl} (from the ${merged.origins.catalogueUrl}): an installed kiosk takes plain http only from this machine (127.0.0.0/8, ::1, localhost), since anyone on the network could change what it shows; using the embedded catalogue`,
  );
  return {
    config: { ...merged.config, catalogueUrl: '' },
    origins: { ...merged.origins, catalogueUrl: 'defaults' },
  };
}

export function loadConfig(sources: ConfigSources): LoadedConfig {
  const { layers, configPath, machineConfigPath: machinePath } = readConfigLayers(sources);
  const { config } = resolveConfig(layers, { packaged: sources.packaged === true }, sources.log);
  return { config, configPath, machineConfigPath: machinePath };
}

/**
 * Plain http is fine for the kiosk's own loopback catalogue, not for another machine. A
 * URL that cannot be parsed counts as another machine.
 */
export function isPlainHttpOffMachine(catalogueUrl: string): boolean {
  if (!catalogueUrl.toLowerCase().startsWith('http:')) return false;
  try {
    const host = new URL(catalogueUrl).hostname;
    return !(host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host));
  } catch {
    return true;
  }
}

export function toRendererConfig(config: KioskConfig, catalogueUrl: string): RendererConfig {
  return {
    catalogueUrl,
    mode: config.mode,
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    idleCountdownSeconds: config.idleCountdownSeconds,
    catalogueMaxAgeMinutes: config.catalogueMaxAgeMinutes,
    speechOutputDevice: config.speechOutputDevice,
    ...rendererLanguages(config.languages, config.defaultLanguage),
  };
}

/**
 * The offered languages and the default, as the renderer takes them: a default that is not
 * offered gives way to the first that is, so a session never starts in a language the
 * kiosk does not offer.
 */
export function rendererLanguages(
  languages: string,
  defaultLanguage: ShopperLanguage,
): Pick<RendererConfig, 'languages' | 'defaultLanguage'> {
  const offered = languages.split(',').filter(isShopperLanguage);
  const list = offered.length > 0 ? offered : [...SHOPPER_LANGUAGES];
  return {
    languages: list,
    defaultLanguage: list.includes(defaultLanguage)
      ? defaultLanguage
      : (list[0] ?? DEFAULT_LANGUAGE),
  };
}
