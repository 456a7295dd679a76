/**
 * The rules of `npm run package`, kept apart from the command so they are unit-tested:
 * the electron-builder command line, whether Electron can be had before a long build, and
 * what to say when it cannot.
 */
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { executableName, type Env } from '../launch/electron-binary';

/** The electron-builder command line: our config, plus electronDist when one is given. */
export function builderArgs(env: Env, extra: readonly string[], cwd = REPO_ROOT): string[] {
  const override = env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  return [
    '--config',
    'electron-builder.yml',
    ...(override ? [`-c.electronDist=${resolve(cwd, override)}`] : []),
    ...extra,
  ];
}

/** What packaging needs, said plainly, for when electron-builder could not get Electron. */
export function packagingNeeds(version: string): string {
  return (
    `Packaging needs Electron ${version} for this platform: internet access to github.com, ` +
    `an ELECTRON_MIRROR that serves its release zips, or ELECTRON_OVERRIDE_DIST_PATH set to ` +
    `an unpacked Electron ${version} (the folder that holds ${executableName()}).`
  );
}

/** The override, checked before a long build: a folder without the executable cannot work. */
export function overrideProblem(env: Env, cwd = REPO_ROOT): string | null {
  const override = env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  if (!override) return null;
  const binary = join(resolve(cwd, override), executableName());
  return existsSync(binary)
    ? null
    : `ELECTRON_OVERRIDE_DIST_PATH=${override} holds no Electron executable (expected ${binary}).`;
}

/** electron-builder's own words when its download of Electron failed. */
export function looksLikeDownloadFailure(output: string): boolean {
  return /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|fetch failed|github\.com|status code 40[34]|cannot download|download.*electron/i.test(
    output,
  );
}

/** The zip electron-builder fetches for this machine's platform. */
export function electronZipName(version: string, platform = process.platform, arch = process.arch) {
  return `electron-v${version}-${platform === 'win32' ? 'win32' : platform}-${arch}.zip`;
}

/** Where electron-builder and @electron/get keep the zips they fetched (Linux and macOS). */
export function electronCacheRoots(env: Env, home: string): string[] {
  const cache = env.XDG_CACHE_HOME?.trim() || join(home, '.cache');
  return [
    env.ELECTRON_BUILDER_CACHE?.trim() || join(cache, 'electron-builder'),
    env.ELECTRON_CACHE?.trim() || join(cache, 'electron'),
    join(home, 'Library', 'Caches', 'electron-builder'),
    join(home, 'Library', 'Caches', 'electron'),
  ];
}

function holdsFile(dir: string, name: string, depth: number): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((entry) =>
    entry.isDirectory()
      ? depth > 0 && holdsFile(join(dir, entry.name), name, depth - 1)
      : entry.name === name,
  );
}

/** Whether an earlier run left this Electron's zip in a cache, so packaging needs no network. */
export function electronIsCached(version: string, env: Env, home: string): boolean {
  const zip = electronZipName(version);
  return electronCacheRoots(env, home).some((root) => holdsFile(root, zip, 3));
}

/**
 * The host electron-builder would download Electron from, or null when it need not (an
 * override, a cached zip) or when a proxy stands between (the proxy resolves names then).
 */
export function electronDownloadHost(version: string, env: Env, home: string): string | null {
  if (env.ELECTRON_OVERRIDE_DIST_PATH?.trim()) return null;
  if (['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => env[name])) {
    return null;
  }
  if (electronIsCached(version, env, home)) return null;
  const mirror = (env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror)?.trim();
  if (!mirror) return 'github.com';
  try {
    return new URL(mirror).hostname || null;
  } catch {
    return null;
  }
}
