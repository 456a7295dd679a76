/**
 * What a simulated kiosk reports to its fleet: health from the fleet agent's own report
 * (health.ts) over the pretend shop, and a diagnostics bundle (diagnostics-bundle.ts) over
 * a pretend userData that holds only a short log.
 */
import type { KioskHealth } from '../../shared/fleet/payloads';
import { gatherDiagnostics } from '../../fleet-agent/diagnostics/diagnostics-bundle';
import type { DiagnosticsHistory } from '../../fleet-agent/diagnostics/diagnostics-history';
import type { FleetClient } from '../../fleet-agent/fleet-client';
import { collectHealth } from '../../fleet-agent/health/health';
import type { RemoteConfig } from '../../fleet-agent/config/remote-config';
import { simulatedConfig } from './kiosk-config';
import type { PretendShop } from './pretend-shop';

/** The versions a simulated kiosk reports. */
const ELECTRON = { electron: '45.4.1', chrome: '140.0.7339.249' };
/** The image cache of a simulated kiosk. */
const IMAGE_CACHE = { images: 20, bytes: 1_234_567 };

export interface SimulatedSources {
  kioskId: string;
  version: string;
  startedAt: number;
  shop: PretendShop;
  remote: Pick<RemoteConfig<unknown>, 'version' | 'refusals'>;
  history: DiagnosticsHistory;
  client: () => Pick<FleetClient, 'droppedMessages'>;
  /** Whether it sleeps outside its store's opening hours. */
  asleep: () => boolean;
  logLines: readonly string[];
}

export function simulatedHealth(sources: SimulatedSources): () => Promise<KioskHealth> {
  const { shop, remote } = sources;
  return async () => {
    const report = await collectHealth({
      now: Date.now,
      startedAt: sources.startedAt,
      versions: { app: sources.version, ...ELECTRON },
      activity: shop.activity,
      appMetrics: () => shop.appMetrics(),
      imageCache: () => IMAGE_CACHE,
      catalogueUrl: '',
      printerAvailable: () => Promise.resolve(shop.readings.printerAvailable),
      failedPinsToday: () => 0,
      gpuFallback: false,
      lastError: () => shop.readings.lastError,
      update: () => shop.readings.update,
      remoteConfig: () => ({ version: remote.version(), refusals: remote.refusals() }),
      // The pretend shop applies only health's period, at once: nothing waits for a relaunch.
      pendingRelaunch: () => [],
      dropped: () => sources.client().droppedMessages(),
      // A simulated kiosk is given only brokers it may use.
      brokerRefusals: () => [],
      asleep: sources.asleep,
    });
    sources.history.recordHealth(report);
    return report;
  };
}

export function simulatedDiagnostics(sources: SimulatedSources): () => Promise<Uint8Array> {
  return () =>
    Promise.resolve().then(() =>
      gatherDiagnostics({
        kioskId: sources.kioskId,
        now: Date.now,
        versions: { app: sources.version, ...ELECTRON },
        config: simulatedConfig,
        // A pretend userData: the log above, and nothing else on its disk.
        userDataDir: '/simulated',
        fs: {
          readFile: (path) => {
            if (!path.endsWith('kiosk.log')) throw new Error('no such file');
            return Buffer.from(`${sources.logLines.join('\n')}\n`);
          },
          readdir: (path) => (path.endsWith('logs') ? ['kiosk.log'] : ['logs']),
          size: () => 0,
          disk: () => null,
        },
        health: () => sources.history.health(),
        updates: () => sources.history.updates(),
        imageCache: () => IMAGE_CACHE,
        pendingRelaunch: () => [],
      }),
    );
}
