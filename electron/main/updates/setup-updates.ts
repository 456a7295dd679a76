/**
 * Updates for the running kiosk: off without update.feedUrl, for an install the system's
 * package manager updates (a .deb) or that cannot replace itself, and without a key to
 * check the feed's signature with; otherwise electron-updater, reading only a signed feed,
 * driven by the update machine. currentUpdateHealth() is the `update` field of fleet
 * health (null while updates are off).
 */
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import type { Logger } from '../logging/logging';
import type { QuietActivity } from '../activity/quiet-moment';
import { loadAutoUpdater, type UpdaterSetup } from './electron-updater';
import { whyNoUpdates, type InstallKind } from './install-kind';
import {
  createUpdateMachine,
  type UpdateMachine,
  type UpdateMachineOptions,
  type UpdateStatus,
} from './update-machine';
import { parseUpdateWindow } from '../../../shared/kiosk-config/update-window';

export interface UpdatesOptions {
  config: Pick<
    KioskConfig,
    | 'update.feedUrl'
    | 'update.channel'
    | 'update.checkHours'
    | 'update.window'
    | 'update.pinVersion'
    | 'update.publisherName'
    | 'update.minVersion'
    | 'fleet.configPublicKey'
  >;
  /** How this copy was installed (install-kind.ts): only some may replace themselves. */
  install: () => InstallKind;
  activity: QuietActivity;
  log: Logger;
  userDataDir: string;
  platform: NodeJS.Platform;
  writeFile: (path: string, text: string) => void;
  /** Just before the kiosk quits to install, e.g. to let its window close. */
  beforeInstall: () => void;
  load?: (setup: UpdaterSetup) => Promise<UpdateMachineUpdater | null>;
  /** The machine's draw (when it first checks) and clock; the real ones by default. */
  timing?: Pick<UpdateMachineOptions, 'random' | 'now' | 'setTimer' | 'clearTimer'>;
}

type UpdateMachineUpdater = Parameters<typeof createUpdateMachine>[0]['updater'];

let running: UpdateMachine | null = null;

/** The update state for fleet health; null when this kiosk takes no updates. */
export function currentUpdateHealth(): UpdateStatus | null {
  return running?.health() ?? null;
}

/** Whether an update is downloaded and restarts the kiosk itself at the next quiet moment. */
export function updatePending(): boolean {
  return ['ready', 'installing'].includes(currentUpdateHealth()?.state ?? 'idle');
}

export async function setupUpdates(options: UpdatesOptions): Promise<UpdateMachine | null> {
  const { config, log } = options;
  const feedUrl = config['update.feedUrl'];
  if (feedUrl === '') {
    log.info('Updates: off (no update.feedUrl)');
    return null;
  }
  const notHere = whyNoUpdates(options.install());
  if (notHere !== null) {
    log.info(`Updates: off (${notHere})`);
    return null;
  }
  let updater: UpdateMachineUpdater | null;
  try {
    updater = await (options.load ?? loadAutoUpdater)({
      platform: options.platform,
      publisherName: config['update.publisherName'],
      feedPublicKey: config['fleet.configPublicKey'],
      minVersion: config['update.minVersion'],
      userDataDir: options.userDataDir,
      writeFile: options.writeFile,
      log,
    });
  } catch (error) {
    log.error(
      `Updates: off. The updater did not load (${error instanceof Error ? error.message : String(error)})`,
    );
    return null;
  }
  if (!updater) return null;
  running?.stop();
  running = createUpdateMachine({
    updater,
    settings: {
      feedUrl,
      channel: config['update.channel'],
      checkHours: config['update.checkHours'],
      window: parseUpdateWindow(config['update.window']),
      pinVersion: config['update.pinVersion'],
    },
    activity: options.activity,
    log,
    beforeInstall: options.beforeInstall,
    ...options.timing,
  });
  running.start();
  return running;
}
