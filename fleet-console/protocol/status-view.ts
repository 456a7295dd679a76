import { z } from 'zod';

/**
 * A kiosk's retained status as the console reads it. Anything that is neither a well-formed
 * online nor offline status is refused (null), so a bad message never shows a kiosk online.
 */
export type StatusView =
  | { state: 'online'; version: string; startedAt: number | null; publicKey: string | null }
  | { state: 'offline'; publicKey: string | null };

const B64URL_KEY = /^[A-Za-z0-9_-]{43}$/;

const publicKey = z
  .string()
  .regex(B64URL_KEY)
  .nullable()
  .optional()
  .catch(null)
  .transform((value) => value ?? null);

const online = z.looseObject({
  state: z.literal('online'),
  version: z.string().min(1).max(64),
  startedAt: z.string().optional().catch(undefined),
  publicKey,
});

// A Last Will may carry the public key too; the console keeps it when it does.
const offline = z.looseObject({ state: z.literal('offline'), publicKey });

export function readStatus(json: unknown): StatusView | null {
  const up = online.safeParse(json);
  if (up.success) {
    const started = up.data.startedAt === undefined ? Number.NaN : Date.parse(up.data.startedAt);
    return {
      state: 'online',
      version: up.data.version,
      startedAt: Number.isFinite(started) ? started : null,
      publicKey: up.data.publicKey,
    };
  }
  const down = offline.safeParse(json);
  return down.success ? { state: 'offline', publicKey: down.data.publicKey } : null;
}
