/**
 * The rules of `npm run package`, kept apart from the command so they are unit-tested:
 * the electron-builder command line, and what to say when Electron cannot be had.
 */
import { existsSync } from 'node:fs';
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
