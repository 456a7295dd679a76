/**
 * The config the kiosk in a browser runs with: read by the kiosk's own loader
 * (electron/main/config/config.ts), from the same layers an unpackaged kiosk reads (flags,
 * SHOP_* environment, `--config` or the account's file, defaults), so `npm start -- --languages=fr`
 * means the same with and without Electron. What only the kiosk's main process can do
 * (the fleet, the printer, the staff PIN, updates, opening hours…) is named, never dropped
 * without a word.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RendererConfig } from '../../shared/bridge';
import {
  CONFIG_KEYS,
  DEFAULT_CONFIG,
  type ConfigKey,
  type ConfigKeySpec,
} from '../../shared/kiosk-config/config-keys';
import {
  readConfigLayers,
  resolveConfig,
  toRendererConfig,
  type ConfigLogger,
} from '../../electron/main/config/config';

/** The page's own settings: what a browser can honour. */
const PAGE_KEYS: readonly ConfigKey[] = Object.keys(toRendererConfig(DEFAULT_CONFIG, '')).filter(
  (key): key is ConfigKey => key in CONFIG_KEYS,
);

/** Flags of the launcher itself (scripts/kiosk/start.ts), not of the kiosk. */
const LAUNCHER_FLAGS = ['config', 'no-fallback', 'browser', 'no-build', 'port'];

export interface PreviewConfigSources {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** The kiosk's userData folder, where its own config file lives. */
  userDataDir: string;
  readFile: (path: string) => string;
  log: ConfigLogger;
}

export interface PreviewConfig {
  /** What the page gets; catalogueUrl '' means the embedded catalogue. */
  renderer: RendererConfig;
  /** What was asked for that only the Electron kiosk can do: flags as typed, keys by layer. */
  notHonoured: string[];
}

/** Electron's userData for Kiosk Shop on this platform (app.getPath('userData')). */
export function kioskUserDataDir(
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  if (platform === 'win32') {
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Kiosk Shop');
  }
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Kiosk Shop');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Kiosk Shop');
}

/** The flag names a spec answers to (`--fleet-broker`, `--windowed`). */
function flagsOf(spec: ConfigKeySpec<unknown>): string[] {
  return [...(spec.flag ? [spec.flag] : []), ...Object.keys(spec.switches ?? {})];
}

/** `--name=value` or `--name` on the command line, as the flag's name. */
function flagNames(argv: readonly string[]): string[] {
  return argv.flatMap((entry) =>
    entry.startsWith('--') ? [entry.slice(2).split('=')[0] ?? ''] : [],
  );
}

export function previewConfig(sources: PreviewConfigSources): PreviewConfig {
  const { layers } = readConfigLayers({ ...sources, packaged: false });
  const { config, origins } = resolveConfig(layers, { packaged: false }, sources.log);
  const pageFlags = new Set([
    ...LAUNCHER_FLAGS,
    ...PAGE_KEYS.flatMap((key) => flagsOf(CONFIG_KEYS[key] as ConfigKeySpec<unknown>)),
  ]);
  const notHonoured = flagNames(sources.argv)
    .filter((name) => name !== '' && !pageFlags.has(name))
    .map((name) => `--${name}`);
  for (const [key, origin] of Object.entries(origins) as [ConfigKey, string][]) {
    if (PAGE_KEYS.includes(key) || origin === 'defaults' || origin === 'command line') continue;
    notHonoured.push(`${key} (${origin})`);
  }
  return { renderer: toRendererConfig(config, config.catalogueUrl), notHonoured };
}

/** The one line that names what the browser cannot do, or null when nothing was asked. */
export function notHonouredLine(notHonoured: readonly string[]): string | null {
  if (notHonoured.length === 0) return null;
  return `In a browser the kiosk cannot honour ${notHonoured.join(', ')}: only the Electron kiosk's main process does (fleet, printer, staff exit, updates, opening hours).`;
}
