/**
 * The kiosk's health report, from where each fact really lives: Electron's versions and
 * process metrics, the activity module (screen, counts), the image cache, the renderer's
 * catalogue report, the printers Chromium sees, the staff exit's count, the log's last
 * error, the updater, the remote config, the keys waiting for a relaunch, the messages the
 * fleet client dropped and the brokers it refused. Counts and states only: nothing a shopper
 * chose. Each source is injected (the kiosk's main process, or the simulator's pretend
 * shop, hands them in), so the report is made without Electron.
 */
import {
  MAX_PENDING_RELAUNCH_KEYS,
  type KioskHealth,
  type Screen,
} from '../../shared/fleet/payloads';
import type { ConfigRefusal } from '../config/remote-config';
import { workingSets, type ProcessMemory } from './process-memory';

export type UpdateStatus = KioskHealth['update'];

/** What health reads of the kiosk's activity (the screen, the counts, the catalogue's report). */
export interface ActivityReading {
  snapshot(): {
    screen: Screen;
    idleWipes: number;
    receipts: number;
    /** What the page last said of its catalogue: how many products, fetched when (ms). */
    catalogue: { products: number; fetchedAt: number } | null;
  };
}

export interface HealthSources {
  now(): number;
  /** When this process started, ms since the epoch. */
  startedAt: number;
  versions: { app: string; electron: string; chrome: string };
  activity: ActivityReading;
  appMetrics(): readonly ProcessMemory[];
  /** The image cache's size, or null when it could not open. */
  imageCache(): { images: number; bytes: number } | null;
  /** The catalogue URL this run uses ('' = the embedded one). */
  catalogueUrl: string;
  printerAvailable(): Promise<boolean | null>;
  failedPinsToday(): number;
  gpuFallback: boolean;
  lastError(): string | null;
  update(): UpdateStatus;
  remoteConfig(): { version: number | null; refusals: ConfigRefusal[] };
  /** Config keys whose new value waits for a relaunch (live-config.ts pendingRelaunch). */
  pendingRelaunch(): readonly string[];
  /** Messages the fleet client dropped unread (inbound-guard.ts). */
  dropped(): KioskHealth['dropped'];
  /** Brokers refused for their transport, not yet reported (broker-refusals.ts). */
  brokerRefusals(): KioskHealth['brokerRefusals'];
  /** Whether the kiosk sleeps because its store is closed; absent: it has no store hours. */
  asleep?: () => boolean;
}

const megabytes = (kilobytes: number): number => Math.round((kilobytes / 1024) * 10) / 10;

/** Main = the browser process; renderer = every renderer's working set, null before one. */
export function memoryOf(metrics: readonly ProcessMemory[]): KioskHealth['memory'] {
  const { mainKB, renderersKB } = workingSets(metrics);
  return {
    mainMB: megabytes(mainKB),
    rendererMB:
      renderersKB.length === 0 ? null : megabytes(renderersKB.reduce((sum, kb) => sum + kb, 0)),
  };
}

export type { ProcessMemory } from './process-memory';

/** "embedded", or the origin of the configured catalogue (never its path or query). */
export function catalogueSource(catalogueUrl: string): string {
  if (catalogueUrl === '') return 'embedded';
  try {
    return new URL(catalogueUrl).origin.slice(0, 256);
  } catch {
    return 'configured';
  }
}

export async function collectHealth(sources: HealthSources): Promise<KioskHealth> {
  const now = sources.now();
  const activity = sources.activity.snapshot();
  const cache = sources.imageCache();
  const reported = activity.catalogue;
  const remote = sources.remoteConfig();
  return {
    at: new Date(now).toISOString(),
    version: sources.versions.app,
    electron: sources.versions.electron,
    chrome: sources.versions.chrome,
    uptimeSeconds: Math.max(0, Math.floor((now - sources.startedAt) / 1000)),
    screen: activity.screen,
    idleWipes: activity.idleWipes,
    receipts: activity.receipts,
    memory: memoryOf(sources.appMetrics()),
    imageCache: cache ? { bytes: cache.bytes, files: cache.images } : null,
    catalogue: {
      source: catalogueSource(sources.catalogueUrl),
      products: reported?.products ?? null,
      ageMinutes:
        reported === null
          ? null
          : Math.round((Math.max(0, now - reported.fetchedAt) / 60_000) * 10) / 10,
    },
    printer: { available: await sources.printerAvailable() },
    staffPin: { failedToday: sources.failedPinsToday() },
    gpuFallback: sources.gpuFallback,
    lastError: sources.lastError(),
    update: sources.update(),
    config: { version: remote.version, refusals: remote.refusals },
    pendingRelaunch: sources.pendingRelaunch().slice(0, MAX_PENDING_RELAUNCH_KEYS),
    dropped: sources.dropped(),
    brokerRefusals: sources.brokerRefusals(),
    ...(sources.asleep ? { asleep: sources.asleep() } : {}),
  };
}
