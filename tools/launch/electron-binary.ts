/**
 * Finds the Electron executable and, when it is missing, runs Electron's own installer.
 * Since Electron 42 the `electron` package has no install script: the binary is fetched
 * lazily, so after `npm ci` there is never a binary yet. Whatever starts the kiosk must
 * trigger that download itself; this module is that one place.
 *
 * It honours Electron's standard variables: ELECTRON_OVERRIDE_DIST_PATH (use this unpacked
 * Electron, never download), ELECTRON_SKIP_BINARY_DOWNLOAD, and, through the installer,
 * ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, electron_config_cache and
 * electron_use_remote_checksums.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

const DEFAULT_DOWNLOAD_SOURCE = 'github.com/electron/electron/releases';

/** The executable's path inside an unpacked Electron, as Electron's installer names it. */
export function executableName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return 'electron.exe';
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  return 'electron';
}

export function electronPackageDir(projectDir: string): string {
  return join(projectDir, 'node_modules', 'electron');
}

/** The version of the installed `electron` package, or null when it is not installed. */
export function electronVersion(projectDir: string): string | null {
  try {
    const manifest = JSON.parse(
      readFileSync(join(electronPackageDir(projectDir), 'package.json'), 'utf8'),
    ) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : null;
  } catch {
    return null;
  }
}

/** Set and not "0"/"false": how npm-style boolean variables are read. */
export function isSet(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no'].includes(value.trim().toLowerCase());
}

/**
 * The Electron executable as `require('electron')` would return it, without requiring it
 * (which would start a download): ELECTRON_OVERRIDE_DIST_PATH first, else the package's
 * dist/ named by path.txt. Null when there is no executable there yet.
 */
export function findElectronBinary(
  projectDir: string = process.cwd(),
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
): string | null {
  const packageDir = electronPackageDir(projectDir);
  const pathFile = join(packageDir, 'path.txt');
  const named = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  const binary = override
    ? join(override, named || executableName(platform))
    : named
      ? join(packageDir, 'dist', named)
      : null;
  return binary !== null && existsSync(binary) ? binary : null;
}

/** Where the installer will fetch from, for the progress and failure lines. */
export function downloadSource(env: Env): string {
  const mirror = env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror;
  if (!mirror?.trim()) return DEFAULT_DOWNLOAD_SOURCE;
  const dir = env.ELECTRON_CUSTOM_DIR ?? env.npm_config_electron_custom_dir;
  return `${mirror.trim().replace(/\/+$/, '')}/${dir?.trim() ?? ''}`.replace(/\/+$/, '');
}

/** The one line worth showing from the installer's error output (it prints a stack). */
export function summariseInstallerError(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  const error = lines.find((line) =>
    /error|failed|ENOTFOUND|ECONN|EAI_AGAIN|\b\d{3}\b/i.test(line),
  );
  return (error ?? lines.at(-1) ?? 'the installer exited with an error').slice(0, 300);
}

export interface InstallResult {
  ok: boolean;
  /** The installer's error, summarised to one line, when it failed. */
  error?: string;
}

/** Runs `node node_modules/electron/install.js`: progress on stdout, errors captured. */
export function runElectronInstaller(projectDir: string, env: Env): Promise<InstallResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(electronPackageDir(projectDir), 'install.js')], {
      cwd: projectDir,
      env: { ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error) => resolve({ ok: false, error: error.message }));
    child.on('close', (code) => {
      resolve(code === 0 ? { ok: true } : { ok: false, error: summariseInstallerError(stderr) });
    });
  });
}

export type EnsureResult = { binary: string } | { binary: null; reason: string };

export interface EnsureOptions {
  projectDir?: string;
  env?: Env;
  /** Prints the "Downloading Electron …" line. */
  say?: (line: string) => void;
  install?: (projectDir: string, env: Env) => Promise<InstallResult>;
}

/**
 * The Electron executable, downloading it first when it is missing and allowed to.
 * Never throws: a missing binary comes back with one sentence saying why.
 */
export async function ensureElectronBinary({
  projectDir = process.cwd(),
  env = process.env,
  say = console.log,
  install = runElectronInstaller,
}: EnsureOptions = {}): Promise<EnsureResult> {
  const found = findElectronBinary(projectDir, env);
  if (found) return { binary: found };

  const version = electronVersion(projectDir);
  if (version === null) {
    return { binary: null, reason: 'The electron package is not installed here (run npm ci)' };
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  if (override) {
    return {
      binary: null,
      reason: `ELECTRON_OVERRIDE_DIST_PATH=${override} holds no Electron executable (expected ${join(override, executableName())})`,
    };
  }
  if (isSet(env.ELECTRON_SKIP_BINARY_DOWNLOAD)) {
    return {
      binary: null,
      reason: `Electron ${version} is not downloaded yet and ELECTRON_SKIP_BINARY_DOWNLOAD is set`,
    };
  }

  const source = downloadSource(env);
  say(`Downloading Electron ${version} from ${source} …`);
  const result = await install(projectDir, env);
  const binary = findElectronBinary(projectDir, env);
  if (result.ok && binary) return { binary };
  const why = result.ok ? 'the installer left no executable' : result.error;
  return {
    binary: null,
    reason: `Could not download Electron ${version} from ${source} (${why ?? 'unknown error'})`,
  };
}
