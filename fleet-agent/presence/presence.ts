/**
 * What the kiosk says of itself on its status topic (retained):
 *
 * - its Last Will `{"state":"offline"}` with the store and region it belongs to, fixed for
 *   the session it is given to;
 * - `online` (or `asleep` while its store is closed) with version, start time, receipt key,
 *   store and region, on every connect and every change; on a cluster it names the node,
 *   so the will keeper can say it is offline if that node is lost (one broker is its own
 *   keeper and is not named);
 * - after a lost link, on reaching a broker again, first that it was lost (offline, with
 *   when it was lost and when it could say so: lost-link.ts), then online: a crashed cluster
 *   node publishes no Last Will, and the record of the kiosk's absence stays true.
 *
 * A Last Will is fixed for its session, so when the groups change the kiosk says offline
 * (with the new groups) and renews its session at once: a console that opens after the
 * kiosk went away still counts it in its own store.
 */
import type { MqttClient } from 'mqtt';
import { z } from 'zod';
import { nodeName } from '../../shared/fleet/broker-choice';
import {
  lostLinkReport,
  offlineStatusFor,
  statusAsleepSchema,
  statusOnlineSchema,
  type KioskStatusAsleep,
  type KioskStatusOnline,
} from '../../shared/fleet/payloads';
import type { Connection } from '../connection/connection';
import { withTimeout } from '../connection/mqtt-errors';
import type { FleetLog } from '../fleet-log';
import { createLostLink } from './lost-link';

/** How long ending a session (for a renewal or a stop) waits for the broker. */
export const STOP_TIMEOUT_MS = 2000;

const saidStatusSchema = z.discriminatedUnion('state', [statusOnlineSchema, statusAsleepSchema]);

export interface PresenceOptions {
  statusTopic: string;
  /** Online, or asleep while the store is closed. */
  status: () => KioskStatusOnline | KioskStatusAsleep;
  /** Whether the kiosk has several brokers to choose from (a cluster). */
  clustered: boolean;
  connection: Pick<Connection, 'brokerUrl' | 'connected' | 'publish'>;
  log: FleetLog;
}

export interface Presence {
  /** The Last Will of the next session (the offline status as the kiosk would say it now). */
  nextWill(): string;
  /** The offline status as the kiosk would say it now: with its current store and region. */
  offlinePayload(): string;
  /** Says the online (or asleep) status; whether the broker took it. */
  sayStatus(): Promise<boolean>;
  /**
   * After a (re)connect: a lost link reported first, then the status; whether this
   * session's status was taken.
   */
  announce(session: MqttClient): Promise<boolean>;
  /** Whether `session` is being ended for a new Last Will. */
  isRenewing(session: MqttClient): boolean;
  /** The session closed: whether it was ended for a renewal (and the renewal is done). */
  renewed(session: MqttClient): boolean;
  /** The session closed; `byKiosk`: on purpose, not a lost link. */
  ended(byKiosk: boolean): void;
}

export function createPresence(options: PresenceOptions): Presence {
  const { connection, log } = options;
  const lostLink = createLostLink();
  /** The Last Will of the session in force. */
  let sessionWill = '';
  /** The session being ended so a new one carries the new groups in its Last Will. */
  let renewing: MqttClient | null = null;
  const offlinePayload = (): string => JSON.stringify(offlineStatusFor(options.status()));
  const publishStatus = (payload: string): Promise<boolean> =>
    connection.publish(options.statusTopic, payload, { qos: 1, retain: true });

  const renewSession = async (current: MqttClient): Promise<void> => {
    if (renewing === current) return;
    renewing = current;
    log.info("Fleet: the kiosk's groups changed; renewing the session so its Last Will names them");
    // Never an online status left on the broker with no Last Will behind it: offline (with
    // the new groups) first, then a clean disconnect, then online again from the new session.
    await publishStatus(offlinePayload());
    await withTimeout(current.endAsync(), STOP_TIMEOUT_MS).catch(() => undefined);
    current.end(true);
  };

  const sayStatus = async (): Promise<boolean> => {
    const status = saidStatusSchema.safeParse(options.status());
    if (!status.success) {
      log.warn('Fleet: the online status does not match its schema; not sent');
      return false;
    }
    const node = options.clustered ? nodeName(connection.brokerUrl) : null;
    const said = node === null ? status.data : { ...status.data, node };
    const sent = await publishStatus(JSON.stringify(said));
    const current = connection.connected();
    if (current && offlinePayload() !== sessionWill) await renewSession(current);
    return sent;
  };

  const announce = async (session: MqttClient): Promise<boolean> => {
    // A lost link first, so its offline comes before the online that ends it.
    const lostAt = lostLink.owed();
    const reportedAt = new Date();
    const reportTaken =
      lostAt === null ||
      (await publishStatus(JSON.stringify(lostLinkReport(options.status(), lostAt, reportedAt))));
    const statusSent = await sayStatus();
    if (!statusSent || connection.connected() !== session) return false;
    if (reportTaken) lostLink.reported();
    if (lostAt !== null && reportTaken) {
      log.info(
        `Fleet: reported the link lost at ${lostAt.toISOString()} (${((reportedAt.getTime() - lostAt.getTime()) / 1000).toFixed(1)} s without it)`,
      );
    }
    lostLink.saidOnline();
    return true;
  };

  return {
    nextWill: () => {
      sessionWill = offlinePayload();
      return sessionWill;
    },
    offlinePayload,
    sayStatus,
    announce,
    isRenewing: (session) => renewing === session,
    renewed: (session) => {
      if (renewing !== session) return false;
      renewing = null;
      return true;
    },
    ended: (byKiosk) => {
      lostLink.ended(new Date(), byKiosk);
    },
  };
}
