/**
 * The fleet's JSON payloads as zod schemas: what a kiosk sends is built to pass them (and
 * its tests parse it with them), and what anyone receives is parsed with them before it is
 * trusted. The console parses health leniently (parseHealthLenient), so a newer kiosk's
 * extra field or an older kiosk's missing one never hides the rest.
 *
 * Imported by the main process, the console and the scripts; never by the shopper's
 * renderer, which knows nothing of the fleet (an eslint zone keeps it so).
 */
import { z } from 'zod';
import { KIOSK_SCREENS } from '../bridge';
import { MAX_BROKER_URLS, MAX_NODE_NAME } from './broker-choice';
import { isPublicKeyText, RECEIPT_ID_PATTERN, RECEIPT_LIMITS } from './receipt-code';
import { parseConfigTarget } from './groups';
import { isValidKioskId, isValidTopicPrefix } from './topics';

const isoTime = z.iso.datetime();
/** A sentence or a name for the log and the console: no control characters, bounded. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u);
const count = z.int().min(0);
const megabytes = z.number().min(0).max(1_000_000);

// ---------------------------------------------------------------- status

export const statusOnlineSchema = z.strictObject({
  state: z.literal('online'),
  version: text(64).min(1),
  startedAt: isoTime,
  /** base64url raw Ed25519 key the kiosk signs receipts with; null when it has none. */
  publicKey: z.string().refine(isPublicKeyText, 'must be a base64url raw Ed25519 key').nullable(),
  /** The store and region the kiosk belongs to (groups.ts); absent where it has none. */
  store: text(64).min(1).optional(),
  region: text(64).min(1).optional(),
  /**
   * The broker node the kiosk is connected to (broker-choice.ts nodeName), said only where
   * it was given several: the will keeper publishes the kiosk's Last Will when that node is
   * lost, since a crashed node takes the wills of its clients with it.
   */
  node: text(MAX_NODE_NAME).min(1).optional(),
});

/**
 * Closed by its store's opening hours: the screen sleeps on purpose. Otherwise the same
 * fields as online, so a console sees its version and groups while it sleeps.
 */
export const statusAsleepSchema = statusOnlineSchema.extend({ state: z.literal('asleep') });

/**
 * Offline: the Last Will, set at each connect, and a clean quit. It names the store and
 * region the kiosk belonged to when it said it, so a console that connects after the kiosk
 * went away still counts it in its group; absent where it has none (or an older kiosk).
 *
 * Also the kiosk's own report of a lost link, published once it reaches a broker again and
 * just before its online status: a broker node that crashed took the kiosk's Last Will with
 * it, so the kiosk says what the will would have. `lostAt` is when the kiosk lost its link,
 * `reportedAt` when it could say so (its link back): offline from one to the other. Neither
 * is in a Last Will or a clean quit, so their presence marks the report as the kiosk's own,
 * said after the fact.
 */
export const statusOfflineSchema = z.strictObject({
  state: z.literal('offline'),
  store: text(64).min(1).optional(),
  region: text(64).min(1).optional(),
  lostAt: isoTime.optional(),
  reportedAt: isoTime.optional(),
  /**
   * Said by the will keeper, not the kiosk: the broker node the kiosk was on was lost, and
   * with it the kiosk's Last Will, which the keeper says in its place.
   */
  nodeLost: text(MAX_NODE_NAME).min(1).optional(),
});

export const statusSchema = z.discriminatedUnion('state', [
  statusOnlineSchema,
  statusAsleepSchema,
  statusOfflineSchema,
]);

export type KioskStatusOnline = z.infer<typeof statusOnlineSchema>;
export type KioskStatusAsleep = z.infer<typeof statusAsleepSchema>;
export type KioskStatus = z.infer<typeof statusSchema>;

export type KioskStatusOffline = z.infer<typeof statusOfflineSchema>;

/** A kiosk with no groups says offline in these bytes. */
export const OFFLINE_STATUS: KioskStatusOffline = { state: 'offline' };

/**
 * The Last Will and the clean quit of a kiosk that says `online` with these groups: the
 * same store and region, or none where a value would not pass the schema.
 */
export function offlineStatusFor(
  status: Pick<KioskStatusOnline, 'store' | 'region'>,
): KioskStatusOffline {
  const parsed = statusOfflineSchema.safeParse({
    state: 'offline',
    ...(status.store === undefined ? {} : { store: status.store }),
    ...(status.region === undefined ? {} : { region: status.region }),
  });
  return parsed.success ? parsed.data : OFFLINE_STATUS;
}

/**
 * The kiosk's own report of a link it lost at `lostAt` and has back at `reportedAt`: the
 * offline status its Last Will would have carried, with both times.
 */
export function lostLinkReport(
  status: Pick<KioskStatusOnline, 'store' | 'region'>,
  lostAt: Date,
  reportedAt: Date,
): KioskStatusOffline {
  return {
    ...offlineStatusFor(status),
    lostAt: lostAt.toISOString(),
    reportedAt: reportedAt.toISOString(),
  };
}

// ---------------------------------------------------------------- health

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

// ---------------------------------------------------------------- commands and acks

export const FLEET_COMMANDS = [
  'ping',
  'reload-config',
  'refresh-catalogue',
  'relaunch',
  'screenshot',
  'diagnostics',
] as const;
export type FleetCommandName = (typeof FLEET_COMMANDS)[number];

/** Commands that change what a shopper would see: carried out only at a safe moment. */
export const DISRUPTIVE_COMMANDS: readonly FleetCommandName[] = ['refresh-catalogue', 'relaunch'];

export const commandIdSchema = text(64).min(1);

export const commandSchema = z.strictObject({
  id: commandIdSchema,
  command: z.enum(FLEET_COMMANDS),
  args: z.record(z.string(), z.unknown()).optional(),
});
export type FleetCommand = z.infer<typeof commandSchema>;

export const ackSchema = z.strictObject({
  /** "" when a malformed command had no readable id. */
  id: text(64),
  /** "" when a malformed command had no readable name. */
  command: text(64),
  ok: z.boolean(),
  error: text(200).optional(),
  at: isoTime,
});
export type FleetAck = z.infer<typeof ackSchema>;

/** The ack errors a kiosk sends for what it cannot run. */
export const COMMAND_ERRORS = {
  notJson: 'the command is not JSON',
  malformed: 'the command is malformed',
  unknown: 'unknown command',
  tooLarge: 'the command is too large',
  notOnAttract: 'not on the attract screen',
  busy: 'busy: a shopper is using the kiosk',
} as const;

/** Commands are small; anything larger is refused unread. */
export const MAX_COMMAND_BYTES = 4096;

export type ParsedCommand =
  | { ok: true; command: FleetCommand }
  /** What to acknowledge: the id and name if they could be read, else "". */
  | { ok: false; id: string; command: string; error: string };

function readable(value: unknown): string {
  const parsed = commandIdSchema.safeParse(value);
  return parsed.success ? parsed.data : '';
}

/** Reads a command message's bytes; never throws. */
export function parseCommandMessage(bytes: Uint8Array): ParsedCommand {
  if (bytes.length > MAX_COMMAND_BYTES) {
    return { ok: false, id: '', command: '', error: COMMAND_ERRORS.tooLarge };
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, id: '', command: '', error: COMMAND_ERRORS.notJson };
  }
  const parsed = commandSchema.safeParse(value);
  if (parsed.success) return { ok: true, command: parsed.data };
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const id = readable(record.id);
  const command = readable(record.command);
  const known = (FLEET_COMMANDS as readonly string[]).includes(command);
  return {
    ok: false,
    id,
    command,
    error: command !== '' && !known ? COMMAND_ERRORS.unknown : COMMAND_ERRORS.malformed,
  };
}

// ---------------------------------------------------------------- signed remote config

export const signatureTextSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{86}$/, 'must be a base64url Ed25519 signature');

/** The signed part: config keys in their nested file form, plus the fields below. */
export const signedConfigSchema = z
  .looseObject({
    /** Strictly higher than every version a kiosk has taken on that topic. */
    version: z.int().positive(),
    /** `all`, `region:<id>`, `store:<id>` or a kiosk id (groups.ts). */
    target: z
      .string()
      .refine(
        (value) => parseConfigTarget(value) !== null,
        'must be "all", "region:<id>", "store:<id>" or a kiosk id',
      ),
    /** The fleet's topic prefix (fleet.topicPrefix): a config for one fleet is no other's. */
    prefix: z.string().refine(isValidTopicPrefix, 'must be a fleet topic prefix'),
    /** After this moment the config no longer applies, wherever it is kept. */
    notAfter: isoTime,
    /** A signed withdrawal: the topic's config in force stops applying; it sets no key. */
    tombstone: z.literal(true).optional(),
  })
  .refine(
    (config) =>
      config.tombstone !== true ||
      Object.keys(config).every((name) =>
        (RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
      ),
    { message: 'a tombstone sets no keys', path: ['tombstone'] },
  );
export type SignedConfig = z.infer<typeof signedConfigSchema>;

export const configEnvelopeSchema = z.strictObject({
  config: signedConfigSchema,
  signature: signatureTextSchema,
  /**
   * The signer's public key, as a hint: a kiosk that expects another key says "wrong key"
   * (the operator signed with an old or foreign key) instead of "bad signature". Never
   * trusted: the signature is always checked against the kiosk's own configured key.
   */
  publicKey: z.string().refine(isPublicKeyText, 'must be a base64url raw Ed25519 key').optional(),
});
export type ConfigEnvelope = z.infer<typeof configEnvelopeSchema>;

/** Fields of `config` that are not config keys. */
export const RESERVED_CONFIG_FIELDS = [
  'version',
  'target',
  'prefix',
  'notAfter',
  'tombstone',
] as const;

/** Why a kiosk refused a remote config (or one key of it); the exact strings health shows. */
export const REFUSAL_REASONS = {
  badSignature: 'bad signature',
  wrongKey: 'wrong key',
  noPublicKey: 'no public key',
  malformed: 'malformed',
  staleVersion: 'stale version',
  wrongTarget: 'wrong target',
  wrongPrefix: 'wrong prefix',
  expired: 'expired',
  belowMinimumVersion: 'below the minimum config version',
  emptyMessage: 'empty message ignored (withdraw with a signed tombstone)',
  belowMinimumAppVersion: (key: string) => `below the minimum app version: ${key}`,
  invalidValue: (key: string) => `invalid value: ${key}`,
  locked: (key: string) => `locked: ${key}`,
} as const;

/** Signed configs are small; a larger retained message is refused unread. */
export const MAX_CONFIG_BYTES = 64 * 1024;

// ---------------------------------------------------------------- receipts

/** The zod form of receipt-code.ts's rules (a test keeps the two in step). */
export const receiptPayloadSchema = z.strictObject({
  r: z.string().regex(RECEIPT_ID_PATTERN),
  k: z.string().refine(isValidKioskId),
  t: z.int().min(1).max(8.64e15),
  i: z
    .array(
      z.tuple([
        z.int().min(1).max(RECEIPT_LIMITS.maxProductId),
        z.int().min(1).max(RECEIPT_LIMITS.maxQuantity),
      ]),
    )
    .min(1)
    .max(RECEIPT_LIMITS.maxItems)
    .refine((items) => new Set(items.map(([id]) => id)).size === items.length, {
      message: 'one line per product',
    }),
  c: z.int().min(0).max(RECEIPT_LIMITS.maxTotalCents),
});
