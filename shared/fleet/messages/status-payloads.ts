/** A kiosk's retained status: online, asleep (closed) or offline (its Last Will). */
import { z } from 'zod';
import { MAX_NODE_NAME } from '../broker-choice';
import { isPublicKeyText } from '../receipt-code';
import { isoTime, text } from './message-fields';

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
