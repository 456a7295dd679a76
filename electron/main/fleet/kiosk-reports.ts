/**
 * What the real kiosk tells its fleet and does for it, from where each fact lives in main:
 * its status (online, or asleep while its store is closed), its health (health.ts in the
 * fleet agent, fed by Electron's metrics, the activity, the printers, the updater and the
 * live config), its diagnostics bundle, and the actions behind the fleet's commands.
 */
import type { App, BrowserWindow } from 'electron';
import { CATALOGUE_REFRESH_CHANNEL } from '../../../shared/bridge';
import { COMMAND_ERRORS, type KioskHealth } from '../../../shared/fleet/payloads';
import type { FleetActions } from '../../../fleet-agent/commands/command-dispatcher';
import { gatherDiagnostics } from '../../../fleet-agent/diagnostics/diagnostics-bundle';
import type { DiagnosticsHistory } from '../../../fleet-agent/diagnostics/diagnostics-history';
import type { FleetClient } from '../../../fleet-agent/fleet-client';
import { collectHealth, type UpdateStatus } from '../../../fleet-agent/health/health';
import { groupsForStatus } from '../../../fleet-agent/identity/kiosk-groups';
import type { Activity } from '../../../fleet-agent/kiosk/activity';
import type { LiveConfig } from '../config/live-config';
import { receiptPrinterAvailable } from '../printing/printing';
import type { StoreHours } from '../../../fleet-agent/kiosk/store-hours';
import type { FleetRemote } from './fleet-remote';

/** What the fleet needs of the shop window. */
export type FleetWindow = Pick<BrowserWindow, 'isDestroyed'> & {
  webContents: Pick<BrowserWindow['webContents'], 'send' | 'capturePage' | 'getPrintersAsync'>;
};

/** What health reports that only the rest of main knows. */
export interface KioskReadings {
  imageCache(): { images: number; bytes: number } | null;
  failedPinsToday(): number;
  gpuFallback: boolean;
  lastError(): string | null;
  /** The updater's state, or null while the kiosk has no updater. */
  updateStatus(): UpdateStatus;
  /** The receipt printer printing looks for ('' = the system's default). */
  printerName(): string;
}

export interface KioskReportSources {
  app: Pick<App, 'getVersion' | 'getAppMetrics'>;
  liveConfig: LiveConfig<FleetRemote>;
  remote: FleetRemote;
  activity: Activity;
  /** The shop window, while it is open and not destroyed. */
  window(): FleetWindow | null;
  readings: KioskReadings;
  storeHours?: Pick<StoreHours, 'asleep'> | undefined;
  receiptPublicKey(): string | null;
  /** The catalogue this run shows; a new URL takes effect at the relaunch it asks for. */
  catalogueUrl: string;
  startedAt: number;
  now: () => number;
  versions: { electron: string; chrome: string };
  userDataDir: string | null;
  history: DiagnosticsHistory;
  /** The client, for the drops health counts. */
  client: () => Pick<FleetClient, 'droppedMessages'>;
  /** Brokers refused for their transport, not yet reported. */
  brokerRefusals(): KioskHealth['brokerRefusals'];
}

export function kioskStatus(sources: KioskReportSources) {
  return () => ({
    state: sources.storeHours?.asleep() === true ? ('asleep' as const) : ('online' as const),
    version: sources.app.getVersion(),
    startedAt: new Date(sources.startedAt).toISOString(),
    publicKey: sources.receiptPublicKey(),
    ...groupsForStatus(sources.remote.groups()),
  });
}

export function kioskHealth(sources: KioskReportSources): () => Promise<KioskHealth> {
  const { app, readings, liveConfig, remote, storeHours } = sources;
  return async () => {
    const report = await collectHealth({
      now: sources.now,
      startedAt: sources.startedAt,
      versions: { app: app.getVersion(), ...sources.versions },
      activity: sources.activity,
      appMetrics: () => app.getAppMetrics(),
      imageCache: () => readings.imageCache(),
      catalogueUrl: sources.catalogueUrl,
      printerAvailable: () =>
        receiptPrinterAvailable(sources.window()?.webContents ?? null, readings.printerName()),
      failedPinsToday: () => readings.failedPinsToday(),
      gpuFallback: readings.gpuFallback,
      lastError: () => readings.lastError(),
      update: () => readings.updateStatus(),
      remoteConfig: () => ({
        version: remote.config.version(),
        refusals: remote.config.refusals(),
      }),
      pendingRelaunch: () => liveConfig.pendingRelaunch(),
      dropped: () => sources.client().droppedMessages(),
      brokerRefusals: () => sources.brokerRefusals(),
      ...(storeHours ? { asleep: () => storeHours.asleep() } : {}),
    });
    sources.history.recordHealth(report);
    return report;
  };
}

/** The kiosk's diagnostics bundle, gathered off the current turn. */
function kioskDiagnostics(sources: KioskReportSources): () => Promise<Uint8Array> {
  const { liveConfig } = sources;
  return () =>
    Promise.resolve().then(() =>
      gatherDiagnostics({
        kioskId: sources.remote.kioskId,
        now: sources.now,
        versions: {
          app: sources.app.getVersion(),
          ...sources.versions,
          node: process.versions.node,
          platform: process.platform,
          arch: process.arch,
        },
        config: () => ({ values: liveConfig.effective(), sources: liveConfig.origins() }),
        userDataDir: sources.userDataDir,
        health: () => sources.history.health(),
        updates: () => sources.history.updates(),
        imageCache: () => sources.readings.imageCache(),
        pendingRelaunch: () => liveConfig.pendingRelaunch(),
      }),
    );
}

/** The actions behind the fleet's commands, but for those the fleet wiring owns. */
export function kioskActions(
  sources: KioskReportSources,
  own: Pick<FleetActions, 'reloadConfig' | 'relaunch'>,
): FleetActions {
  const { activity } = sources;
  return {
    whenSafe: (signal) => activity.whenSafe(signal),
    isAttractScreen: () => activity.snapshot().screen === 'attract',
    // Asleep as the store's hours say.
    isAsleep: () => sources.storeHours?.asleep() === true,
    gatherDiagnostics: kioskDiagnostics(sources),
    reloadConfig: own.reloadConfig,
    refreshCatalogue: () => {
      const window = sources.window();
      if (!window) return Promise.reject(new Error('the shop window is not open'));
      window.webContents.send(CATALOGUE_REFRESH_CHANNEL);
      return Promise.resolve();
    },
    relaunch: own.relaunch,
    captureScreenshot: async () => {
      const window = sources.window();
      if (!window) throw new Error('the shop window is not open');
      const image = await window.webContents.capturePage();
      // A shopper may have touched the screen while it was captured: never send that.
      if (activity.snapshot().screen !== 'attract') throw new Error(COMMAND_ERRORS.notOnAttract);
      return image.toPNG();
    },
  };
}
