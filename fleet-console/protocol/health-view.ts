import { parseHealthLenient } from '@shared/fleet/payloads';

/**
 * A kiosk's health as the console shows it, read leniently (parseHealthLenient): a field
 * that is missing or of the wrong shape shows as "—" (null) and costs only itself, and
 * fields the console does not know are ignored, so kiosks a version ahead or behind show.
 */
export interface HealthView {
  /** When the kiosk sent it (ms), or null. */
  at: number | null;
  version: string | null;
  electron: string | null;
  chrome: string | null;
  uptimeSeconds: number | null;
  screen: 'attract' | 'shopping' | 'receipt' | null;
  idleWipes: number | null;
  receipts: number | null;
  /** Main plus renderer memory (main alone when the renderer's is not known). */
  memoryMB: number | null;
  imageCache: { bytes: number; files: number } | null;
  catalogue: { source: string; products: number | null; ageMinutes: number | null } | null;
  printerAvailable: boolean | null;
  staffPinFailedToday: number | null;
  gpuFallback: boolean | null;
  lastError: string | null;
  update: { state: string; percent: number | null; version: string | null } | null;
  config: {
    version: number | null;
    refusals: { at: string; topic: string; reason: string }[];
  } | null;
  /** Config keys whose new value waits for the kiosk's next relaunch; null: not reported. */
  pendingRelaunch: string[] | null;
  /** Messages the kiosk dropped unread since it started, and the last few of them. */
  dropped: { count: number; recent: { at: string; topic: string; reason: string }[] } | null;
  /**
   * Brokers the kiosk refused for their transport (a plain URL where TLS is due), this start
   * or an earlier one that kept it off the fleet; null: not reported (an older kiosk).
   */
  brokerRefusals: { at: string; broker: string; reason: string }[] | null;
  /** Asleep because the store is closed; null: not reported (an older kiosk). */
  asleep: boolean | null;
}

/** null only when the message is not a JSON object at all. */
export function readHealth(json: unknown): HealthView | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const h = parseHealthLenient(json);
  const at = h.at === undefined ? Number.NaN : Date.parse(h.at);
  return {
    at: Number.isFinite(at) ? at : null,
    version: h.version ?? null,
    electron: h.electron ?? null,
    chrome: h.chrome ?? null,
    uptimeSeconds: h.uptimeSeconds ?? null,
    screen: h.screen ?? null,
    idleWipes: h.idleWipes ?? null,
    receipts: h.receipts ?? null,
    memoryMB: h.memory ? h.memory.mainMB + (h.memory.rendererMB ?? 0) : null,
    imageCache: h.imageCache ?? null,
    catalogue: h.catalogue ?? null,
    printerAvailable: h.printer?.available ?? null,
    staffPinFailedToday: h.staffPin?.failedToday ?? null,
    gpuFallback: h.gpuFallback ?? null,
    lastError: h.lastError ?? null,
    update: h.update
      ? {
          state: h.update.state,
          percent: h.update.percent ?? null,
          version: h.update.version ?? null,
        }
      : null,
    config: h.config ?? null,
    pendingRelaunch: h.pendingRelaunch ?? null,
    dropped: h.dropped ?? null,
    brokerRefusals: h.brokerRefusals ?? null,
    asleep: h.asleep ?? null,
  };
}
