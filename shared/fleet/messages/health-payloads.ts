/** A kiosk's health report, strict as a kiosk sends it and lenient as the console reads it. */
import { z } from 'zod';
import { KIOSK_SCREENS } from '../../bridge';
import { MAX_BROKER_URLS } from '../broker-choice';
import { count, isoTime, megabytes, text } from './message-fields';

export const SCREENS = KIOSK_SCREENS;
export type Screen = (typeof SCREENS)[number];

export const UPDATE_STATES = [
  'idle',
  'checking',
  'downloading',
  'ready',
  'installing',
  'error',
] as const;

export const updateStatusSchema = z.strictObject({
  state: z.enum(UPDATE_STATES),
  percent: z.number().min(0).max(100).optional(),
  version: text(64).optional(),
  error: text(300).optional(),
});

export const configRefusalSchema = z.strictObject({
  at: isoTime,
  topic: text(256),
  reason: text(200),
});

/** How many refusals health keeps: the most recent ones. */
export const MAX_REPORTED_REFUSALS = 10;

/** At most this many keys in health's pendingRelaunch (the kiosk has about thirty). */
export const MAX_PENDING_RELAUNCH_KEYS = 64;

/** A config key's name as the kiosk's table spells it: `catalogueUrl`, `fleet.healthSeconds`. */
export const configKeyNameSchema = text(64).regex(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)?$/);
/** A message the kiosk received and dropped unread: too large, or its handler failed. */
export const droppedMessageSchema = z.strictObject({
  at: isoTime,
  topic: text(256),
  reason: text(200),
});

/** How many dropped messages health names: the most recent distinct ones. */
export const MAX_REPORTED_DROPS = 10;

/**
 * A broker the kiosk refused to use (a plain URL where TLS is due), named in health by the
 * first run that reaches the fleet after it: the URL as configured (it holds no login),
 * why, and when it was last refused.
 */
export const brokerRefusalSchema = z.strictObject({
  at: isoTime,
  broker: text(256),
  reason: text(200),
});
export type BrokerRefusal = z.infer<typeof brokerRefusalSchema>;

/** How many refused brokers health names: the most recent ones, as many as a list may name. */
export const MAX_REPORTED_BROKER_REFUSALS = MAX_BROKER_URLS;

export const healthShape = {
  at: isoTime,
  version: text(64),
  electron: text(64),
  chrome: text(64),
  uptimeSeconds: count,
  screen: z.enum(SCREENS),
  /** Since start; counts only, never what was in a cart. */
  idleWipes: count,
  receipts: count,
  memory: z.strictObject({ mainMB: megabytes, rendererMB: megabytes.nullable() }),
  imageCache: z.strictObject({ bytes: count, files: count }).nullable(),
  catalogue: z.strictObject({
    /** "embedded", or the origin of the configured catalogue. */
    source: text(256),
    products: count.nullable(),
    ageMinutes: z.number().min(0).nullable(),
  }),
  /** null: not known yet (no window to ask, or the question failed). */
  printer: z.strictObject({ available: z.boolean().nullable() }),
  staffPin: z.strictObject({ failedToday: count }),
  gpuFallback: z.boolean(),
  lastError: text(500).nullable(),
  update: updateStatusSchema.nullable(),
  config: z.strictObject({
    version: z.int().positive().nullable(),
    refusals: z.array(configRefusalSchema).max(MAX_REPORTED_REFUSALS),
  }),
  /**
   * Keys whose new value (from a signed remote config, or the files read again) is not in
   * force yet: it waits for the relaunch the kiosk makes at its next safe moment. Empty when
   * the kiosk runs with everything its config says. Its own field, not part of `config`, so
   * an older kiosk that does not send it still shows its config version and refusals.
   */
  pendingRelaunch: z.array(configKeyNameSchema).max(MAX_PENDING_RELAUNCH_KEYS),
  /** Since start: every message dropped (a retained one counts at each delivery), and the last few. */
  dropped: z.strictObject({
    count,
    recent: z.array(droppedMessageSchema).max(MAX_REPORTED_DROPS),
  }),
  /**
   * Brokers refused for their transport (plain MQTT off this machine, a TLS setting with a
   * plain URL): this start's, and an earlier start's that kept the kiosk off the fleet, until
   * a report has carried them. Empty when every broker configured is used.
   */
  brokerRefusals: z.array(brokerRefusalSchema).max(MAX_REPORTED_BROKER_REFUSALS),
  /** True while the store is closed and the kiosk sleeps on purpose; absent: an older kiosk. */
  asleep: z.boolean().optional(),
};

/** What a kiosk sends: exactly these fields. */
export const healthSchema = z.strictObject(healthShape);
export type KioskHealth = z.infer<typeof healthSchema>;

/**
 * Every field of a health message that passes on its own; unknown fields and bad ones are
 * left out. For the console, which shows what it has and "—" for the rest.
 */
export function parseHealthLenient(value: unknown): Partial<KioskHealth> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  // Each entry kept has passed its own field's schema.
  const result: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(healthShape)) {
    const parsed = schema.safeParse(record[name]);
    if (parsed.success) result[name] = parsed.data;
  }
  return result;
}
