/**
 * electron-updater's autoUpdater, made ready for the update machine: its log lines go to
 * ours, every feed it is given is read through the signed-feed provider (a channel file
 * counts only with the fleet's signature beside it, and never offers a version under
 * update.minVersion), and on Windows it installs only what update.publisherName signed,
 * checked by our own Authenticode check, which refuses when it cannot run.
 *
 * electron-updater checks the Windows signature only when its update config file names a
 * publisher, so the kiosk writes that file itself (<userData>/update-signing.yml) and
 * points the updater at it; a Windows kiosk without a full publisher subject, or that
 * cannot write the file, takes no updates at all rather than unsigned ones. Without a key
 * to check the feed with (fleet.configPublicKey) no kiosk takes updates.
 *
 * Loaded on demand: electron-updater needs Electron's `app`, and a kiosk without a feed
 * never touches it.
 */
import { join } from 'node:path';
import type { AppUpdater } from 'electron-updater';
import type { Logger } from '../logging/logging';
import { publicKeyFromRaw } from '../../../fleet-agent/identity/ed25519';
import type { FeedTrust, signedFeedProvider } from './signed-feed-provider';
import type { UpdaterPort } from './update-machine';
import { authenticodeVerifier, publisherProblem, type RunPowerShell } from './windows-signature';

export interface UpdaterSetup {
  platform: NodeJS.Platform;
  publisherName: string;
  /** fleet.configPublicKey: the key the feed's channel files are signed with. */
  feedPublicKey: string;
  /** update.minVersion ('' = none). */
  minVersion: string;
  userDataDir: string;
  writeFile: (path: string, text: string) => void;
  log: Logger;
  /** Windows: how PowerShell is run for the signature check (a test's stand-in). */
  runPowerShell?: RunPowerShell;
}

export type FeedProviderFactory = typeof signedFeedProvider;

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

/** The options setFeedURL takes. */
type FeedOptions = Parameters<AppUpdater['setFeedURL']>[0];

/**
 * Makes every feed the updater is given a signed one: a generic feed's URL and channel go
 * to the signed-feed provider; anything else is refused.
 */
function requireSignedFeeds(updater: AppUpdater, provider: ReturnType<FeedProviderFactory>): void {
  const setFeedURL = updater.setFeedURL.bind(updater);
  updater.setFeedURL = (options: FeedOptions) => {
    if (typeof options !== 'object' || options.provider !== 'generic') {
      throw new Error('the kiosk takes only a generic feed, and reads it signed');
    }
    setFeedURL({ ...options, provider: 'custom', updateProvider: provider });
  };
}

function prepareWindows(updater: AppUpdater, setup: UpdaterSetup): boolean {
  const { log } = setup;
  if (setup.publisherName === '') {
    log.error(
      'Updates: off. A Windows kiosk installs only updates signed by update.publisherName, and none is set',
    );
    return false;
  }
  const problem = publisherProblem(setup.publisherName);
  if (problem) {
    log.error(`Updates: off. ${problem}`);
    return false;
  }
  if (!('verifyUpdateCodeSignature' in updater)) {
    log.error('Updates: off. This updater cannot check installer signatures');
    return false;
  }
  const path = join(setup.userDataDir, SIGNING_CONFIG_FILE);
  try {
    setup.writeFile(path, signingConfig(setup.publisherName));
  } catch (error) {
    log.error(`Updates: off. Cannot write ${path} to check update signatures (${text(error)})`);
    return false;
  }
  updater.updateConfigPath = path;
  // Ours refuses an update when the check cannot run; electron-updater's would pass it.
  Object.assign(updater, { verifyUpdateCodeSignature: authenticodeVerifier(setup.runPowerShell) });
  return true;
}

export function prepareUpdater(
  updater: AppUpdater,
  setup: UpdaterSetup,
  feedProvider: FeedProviderFactory,
): UpdaterPort | null {
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
  if (publicKeyFromRaw(setup.feedPublicKey) === null) {
    log.error(
      'Updates: off. The feed must be signed with the fleet’s key (npm run update:sign), and no fleet.configPublicKey is set to check it with',
    );
    return null;
  }
  const trust: FeedTrust = { publicKey: setup.feedPublicKey, minVersion: setup.minVersion };
  if (setup.platform === 'win32' && !prepareWindows(updater, setup)) return null;
  requireSignedFeeds(updater, feedProvider(trust));
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
  const [updater, { signedFeedProvider }] = await Promise.all([
    import('electron-updater'),
    import('./signed-feed-provider'),
  ]);
  return prepareUpdater(autoUpdaterOf(updater), setup, signedFeedProvider);
}
