/**
 * The config while the kiosk runs. It starts as config.ts reads it (the files, the
 * environment, the command line) plus the remote layers (a fleet's signed configs kept from
 * earlier runs), and changes when the fleet sends a new config or asks for the files to be
 * read again. Some keys take effect at once (the key table marks them `live`); the others
 * are what this process started with until it relaunches, so nothing half-applies in front
 * of a shopper.
 */
import { readConfigLayers, resolveConfig, type ConfigSources } from './config';
import {
  isLiveKey,
  LIVE_KEYS,
  type ConfigKey,
  type ConfigLayerName,
  type KioskConfig,
} from '../../../shared/kiosk-config/config-keys';
import type { ConfigLayer } from './config-layers';

/** What the files say, for the remote layers' own checks (their key, the locked keys). */
export interface FileConfigView {
  config(): KioskConfig;
  /** Keys the machine-wide file locks. */
  locks(): readonly string[];
}

/** Remote layers on top of the files: the fleet's signed configs. */
export interface RemoteLayers {
  layers(): ConfigLayer[];
  /** The files changed: check what is in force again (the key or the locks may be new). */
  reverify(): void;
}

export interface LiveConfig<R extends RemoteLayers = RemoteLayers> {
  /** What this process started with. */
  readonly startup: KioskConfig;
  readonly configPath: string;
  readonly machineConfigPath: string | null;
  /** The remote layers the factory made, or null (no fleet). */
  readonly remote: R | null;
  /** The config as the layers say now. */
  current(): KioskConfig;
  /** Which layer each key's current value came from (diagnostics show it). */
  origins(): Record<ConfigKey, ConfigLayerName>;
  /** What is in force: the startup config with the live keys' current values. */
  effective(): KioskConfig;
  /** The files, environment and command line without the remote layers. */
  files(): KioskConfig;
  /** Keys whose new value waits for a relaunch. */
  pendingRelaunch(): ConfigKey[];
  /** Reads the files again (the fleet's reload-config); returns the keys that changed. */
  reload(): ConfigKey[];
  /** Takes the remote layers as they are now; returns the keys that changed. */
  refresh(): ConfigKey[];
}

const SILENT = { info: () => undefined, warn: () => undefined, error: () => undefined };

function machineLocks(layers: readonly ConfigLayer[]): string[] {
  return layers.filter((layer) => layer.name === 'machine-wide file').flatMap((l) => l.locks ?? []);
}

function changedKeys(before: KioskConfig, after: KioskConfig): ConfigKey[] {
  return (Object.keys(after) as ConfigKey[]).filter((key) => before[key] !== after[key]);
}

/**
 * `makeRemote` is called once, with a view of the files, before the startup config is
 * fixed: the remote layers kept from earlier runs count from the first moment.
 */
export function createLiveConfig<R extends RemoteLayers>(
  sources: ConfigSources,
  makeRemote: (files: FileConfigView) => R | null = () => null,
): LiveConfig<R> {
  const packaged = sources.packaged === true;
  let read = readConfigLayers(sources);
  // Warnings about the files are logged once, when the layers are merged with the remote ones.
  let files = resolveConfig(read.layers, { packaged }, SILENT).config;
  let locks = machineLocks(read.layers);
  const remote = makeRemote({ config: () => files, locks: () => locks });
  const merge = () =>
    resolveConfig([...read.layers, ...(remote?.layers() ?? [])], { packaged }, sources.log);
  let merged = merge();
  const compute = (): KioskConfig => {
    merged = merge();
    return merged.config;
  };
  let current = merged.config;
  const startup = current;

  const effective = (): KioskConfig => ({
    ...startup,
    ...Object.fromEntries(LIVE_KEYS.map((key) => [key, current[key]])),
  });

  const refresh = (): ConfigKey[] => {
    const before = current;
    current = compute();
    return changedKeys(before, current);
  };

  return {
    startup,
    configPath: read.configPath,
    machineConfigPath: read.machineConfigPath,
    remote,
    current: () => current,
    origins: () => merged.origins,
    effective,
    files: () => files,
    pendingRelaunch: () => changedKeys(startup, current).filter((key) => !isLiveKey(key)),
    reload: () => {
      read = readConfigLayers(sources);
      files = resolveConfig(read.layers, { packaged }, SILENT).config;
      locks = machineLocks(read.layers);
      remote?.reverify();
      return refresh();
    },
    refresh,
  };
}
