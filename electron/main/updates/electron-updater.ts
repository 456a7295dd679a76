/**
 * electron-updater's autoUpdater, made ready for the update machine: its log lines go to
 * ours, and on Windows it installs only what update.publisherName signed. electron-updater
 * checks the signature only when its update config file names a publisher, so the kiosk
 * writes that file itself (<userData>/update-signing.yml) and points the updater at it; a
 * Windows kiosk without a publisher, or that cannot write the file, takes no updates at
 * all rather than unsigned ones.
 *
 * Loaded on demand: electron-updater needs Electron's `app`, and a kiosk without a feed
 * never touches it.
 */
import { join } from 'node:path';
import type { AppUpdater } from 'electron-updater';
import type { Logger } from '../logging/logging';
import type { UpdaterPort } from './update-machine';

export interface UpdaterSetup {
  platform: NodeJS.Platform;
  publisherName: string;
  userDataDir: string;
  writeFile: (path: string, text: string) => void;
  log: Logger;
}

export const SIGNING_CONFIG_FILE = 'update-signing.yml';

/** The update config electron-updater reads the publisher from; the feed is set in code. */
export function signingConfig(publisherName: string): string {
  // The key's schema allows no quotes or control characters, so JSON quoting is YAML's too.
  return [
    'provider: generic',
    'url: https://updates.invalid/',
    // Where downloads wait, as electron-builder's own app-update.yml names it.
    'updaterCacheDirName: kiosk-shop-updater',
    'publisherName:',
    `  - ${JSON.stringify(publisherName)}`,
    '',
  ].join('\n');
}

const text = (message: unknown): string =>
  message instanceof Error ? message.message : String(message);

export function prepareUpdater(updater: AppUpdater, setup: UpdaterSetup): UpdaterPort | null {
  const { log } = setup;
  updater.logger = {
    info: (message?: unknown) => {
      log.info(`Updater: ${text(message)}`);
    },
    warn: (message?: unknown) => {
      log.warn(`Updater: ${text(message)}`);
    },
    error: (message?: unknown) => {
      log.error(`Updater: ${text(message)}`);
    },
  };
  if (setup.platform !== 'win32') return updater;
  if (setup.publisherName === '') {
    log.error(
      'Updates: off. A Windows kiosk installs only updates signed by update.publisherName, and none is set',
    );
    return null;
  }
  const path = join(setup.userDataDir, SIGNING_CONFIG_FILE);
  try {
    setup.writeFile(path, signingConfig(setup.publisherName));
  } catch (error) {
    log.error(`Updates: off. Cannot write ${path} to check update signatures (${text(error)})`);
    return null;
  }
  updater.updateConfigPath = path;
  return updater;
}

/**
 * autoUpdater from the imported module. electron-updater is CommonJS and defines
 * autoUpdater as a lazy getter that Node's import cannot see as a named export, so an
 * import() (in the bundle too) finds it only on the default export.
 */
export function autoUpdaterOf(module: {
  autoUpdater?: AppUpdater;
  default?: { autoUpdater?: AppUpdater };
}): AppUpdater {
  const updater = module.autoUpdater ?? module.default?.autoUpdater;
  if (!updater) throw new Error('electron-updater has no autoUpdater');
  return updater;
}

export async function loadAutoUpdater(setup: UpdaterSetup): Promise<UpdaterPort | null> {
  return prepareUpdater(autoUpdaterOf(await import('electron-updater')), setup);
}
