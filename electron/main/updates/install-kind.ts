/**
 * How this copy of the kiosk was installed, which decides whether it may update itself.
 * electron-builder writes `<resources>/package-type` into a .deb, .rpm or pacman package
 * (electron-updater reads the same file to pick its installer), and the AppImage runtime
 * sets APPIMAGE. A package is updated by the system's package manager, which checks the
 * repository's signatures: the kiosk never runs dpkg, rpm or pacman on a download itself.
 * On Linux anything that is not plainly an AppImage takes no updates (fail closed).
 */
import { join } from 'node:path';

export type InstallKind = 'appimage' | 'windows' | 'mac' | 'deb' | 'rpm' | 'pacman' | 'unknown';

export interface InstallProbe {
  platform: NodeJS.Platform;
  /** process.resourcesPath. */
  resourcesPath: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Reads a file's text; throws when it cannot (ENOENT when it is not there). */
  readFile: (path: string) => string;
}

export const PACKAGE_TYPE_FILE = 'package-type';

export function detectInstall(probe: InstallProbe): InstallKind {
  if (probe.platform === 'win32') return 'windows';
  if (probe.platform === 'darwin') return 'mac';
  // Outside Electron (a test) there is no resources folder to read: nothing is known.
  if (probe.platform !== 'linux' || typeof probe.resourcesPath !== 'string') return 'unknown';
  let packageType: string;
  try {
    packageType = probe.readFile(join(probe.resourcesPath, PACKAGE_TYPE_FILE)).trim();
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') return 'unknown';
    return probe.env.APPIMAGE ? 'appimage' : 'unknown';
  }
  return packageType === 'deb' || packageType === 'rpm' || packageType === 'pacman'
    ? packageType
    : 'unknown';
}

/** Why an install of this kind takes no updates from the feed; null when it does. */
export function whyNoUpdates(kind: InstallKind): string | null {
  switch (kind) {
    case 'appimage':
    case 'windows':
    case 'mac':
      return null;
    case 'deb':
    case 'rpm':
    case 'pacman':
      return `this kiosk was installed as a .${kind} package, which the system's package manager updates`;
    case 'unknown':
      return 'this kiosk is neither an AppImage nor the Windows installer, so it cannot replace itself';
  }
}
