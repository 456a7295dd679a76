/**
 * Is the pinned Electron still supported? Electron supports its latest three stable majors
 * (https://www.electronjs.org/docs/latest/tutorial/electron-timelines): with 45 the latest
 * stable, 43, 44 and 45 get security fixes and 42 gets none. Prereleases (alpha, beta,
 * nightly) announce a major but do not make it the latest stable one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { electronVersion } from '../launch/electron-binary';
import { parseVersion } from './version-range';

export const SUPPORTED_MAJOR_COUNT = 3;

export interface ElectronSupport {
  latestStable: number;
  oldestSupported: number;
}

/** From the registry's list of published versions. */
export function electronSupport(versions: readonly string[]): ElectronSupport {
  let latestStable = -1;
  for (const text of versions) {
    const version = parseVersion(text);
    if (version && version[3].length === 0) latestStable = Math.max(latestStable, version[0]);
  }
  if (latestStable < 0) throw new Error('the registry lists no stable Electron version');
  return { latestStable, oldestSupported: latestStable - SUPPORTED_MAJOR_COUNT + 1 };
}

/** The major of package.json's exact pin (`45.4.1`); a range is not a pin and is refused. */
export function pinnedMajor(spec: string): number {
  const version = parseVersion(spec);
  if (!version) throw new Error(`electron is pinned as "${spec}", not as an exact version`);
  return version[0];
}

export function supportVerdict(
  pinned: number,
  { latestStable, oldestSupported }: ElectronSupport,
): { ok: boolean; message: string } {
  const window = `Electron supports ${oldestSupported}–${latestStable} (latest stable ${latestStable})`;
  return pinned >= oldestSupported
    ? { ok: true, message: `Electron ${pinned} is supported: ${window}.` }
    : {
        ok: false,
        message:
          `Electron ${pinned} (package.json) is older than the ${SUPPORTED_MAJOR_COUNT} majors ` +
          `${window}; it gets no security fixes. Update electron to ${latestStable}.`,
      };
}

/**
 * The Electron major this project ships: package.json's exact pin, which must also be the
 * major installed in node_modules (what electron-builder packs). Throws when either cannot
 * be read or they differ, since then it cannot tell which Electron ships.
 */
export function projectElectronMajor(projectRoot: string): number {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const spec = manifest.dependencies?.electron ?? manifest.devDependencies?.electron;
  if (spec === undefined) throw new Error('package.json does not name electron');
  const pinned = pinnedMajor(spec);
  const installed = electronVersion(projectRoot);
  if (installed === null) throw new Error('node_modules/electron is not installed: run npm ci');
  if (pinnedMajor(installed) !== pinned) {
    throw new Error(`package.json pins electron ${spec} but ${installed} is installed: run npm ci`);
  }
  return pinned;
}
