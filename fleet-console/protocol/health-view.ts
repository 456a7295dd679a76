import { z } from 'zod';

/**
 * A kiosk's health as the console shows it. Read leniently: a field that is missing or of
 * the wrong shape shows as "—" (null) and costs only itself, and fields the console does
 * not know are ignored, so kiosks one version ahead or behind still show.
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
  /** Main plus renderer memory. */
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
}

const count = z.number().int().nonnegative().nullable().catch(null);
const amount = z.number().nonnegative().nullable().catch(null);
const shortText = (max: number) => z.string().max(max).nullable().catch(null);
const flag = z.boolean().nullable().catch(null);

const memory = z
  .object({
    mainMB: z.number().nonnegative(),
    rendererMB: z.number().nonnegative(),
  })
  .nullable()
  .catch(null);

const refusal = z.object({
  at: z.string().max(40),
  topic: z.string().max(200),
  reason: z.string().max(200),
});

const health = z.looseObject({
  at: z.string().max(40).nullable().catch(null),
  version: shortText(64),
  electron: shortText(64),
  chrome: shortText(64),
  uptimeSeconds: count,
  screen: z.enum(['attract', 'shopping', 'receipt']).nullable().catch(null),
  idleWipes: count,
  receipts: count,
  memory,
  imageCache: z
    .object({ bytes: z.number().int().nonnegative(), files: z.number().int().nonnegative() })
    .nullable()
    .catch(null),
  catalogue: z
    .object({ source: z.string().max(200), products: count, ageMinutes: amount })
    .nullable()
    .catch(null),
  printer: z.object({ available: z.boolean() }).nullable().catch(null),
  staffPin: z.object({ failedToday: z.number().int().nonnegative() }).nullable().catch(null),
  gpuFallback: flag,
  lastError: shortText(2000),
  update: z
    .looseObject({
      state: z.string().max(32),
      percent: z.number().min(0).max(100).nullable().optional().catch(null),
      version: z.string().max(64).nullable().optional().catch(null),
    })
    .nullable()
    .catch(null),
  config: z
    .object({
      version: z.number().int().positive().nullable().catch(null),
      refusals: z.array(refusal).max(50).catch([]),
    })
    .nullable()
    .catch(null),
});

/** null only when the message is not a JSON object at all. */
export function readHealth(json: unknown): HealthView | null {
  const parsed = health.safeParse(json);
  if (!parsed.success) return null;
  const h = parsed.data;
  const at = h.at === null ? Number.NaN : Date.parse(h.at);
  return {
    at: Number.isFinite(at) ? at : null,
    version: h.version,
    electron: h.electron,
    chrome: h.chrome,
    uptimeSeconds: h.uptimeSeconds,
    screen: h.screen,
    idleWipes: h.idleWipes,
    receipts: h.receipts,
    memoryMB: h.memory ? h.memory.mainMB + h.memory.rendererMB : null,
    imageCache: h.imageCache,
    catalogue: h.catalogue,
    printerAvailable: h.printer ? h.printer.available : null,
    staffPinFailedToday: h.staffPin ? h.staffPin.failedToday : null,
    gpuFallback: h.gpuFallback,
    lastError: h.lastError,
    update: h.update
      ? {
          state: h.update.state,
          percent: h.update.percent ?? null,
          version: h.update.version ?? null,
        }
      : null,
    config: h.config,
  };
}
