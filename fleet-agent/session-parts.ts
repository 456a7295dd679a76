/**
 * What a session of the fleet client does, given its parts: the messages it takes in (one
 * guard, one router), what it says when it comes up, and what ends with it.
 *
 * On connect, in order: subscribe to the commands, the config topics and the enrolment's
 * (before saying online: a console may send a command the moment it sees it; a refused
 * subscription drops the session, to be retried elsewhere, rather than leave a kiosk online
 * but deaf), then the enrolment request, then a lost link and the status (presence.ts), then
 * health at once and on its period.
 */
import type { MqttClient } from 'mqtt';
import { SUBSCRIPTION_QOS, type KioskTopics } from '../shared/fleet/topics';
import type { ConfigRoutes } from './config/config-routes';
import type { Connection, ConnectionHooks } from './connection/connection';
import {
  createInboundGuard,
  type DroppedMessages,
  type InboundRoute,
} from './connection/inbound-guard';
import { createInboundRouter } from './connection/inbound-router';
import { describeError } from './connection/mqtt-errors';
import type { FleetLog } from './fleet-log';
import type { HealthReporter } from './health/health-reporter';
import type { Presence } from './presence/presence';
import { createStatusRepair, type StatusRepair } from './presence/status-repair';

/** What the client needs of the kiosk's enrolment. */
export interface FleetEnrolment {
  /** This kiosk's certificates and the revocation list. */
  readonly subscriptions: readonly string[];
  readonly requestTopic: string;
  /** The retained request's JSON, or '' to withdraw it. */
  request(): string;
  receive(topic: string, bytes: Uint8Array): Promise<void>;
}

export interface SessionPartsOptions {
  options: { kioskId: string; topicPrefix: string; enrolment?: FleetEnrolment; log: FleetLog };
  topics: KioskTopics;
  connection: Connection;
  presence: Presence;
  health: HealthReporter;
  commandRoute: InboundRoute;
  configRoutes: ConfigRoutes;
  /** The MQTT options of an attempt whose Last Will is `will`. */
  willOptions: (will: string) => ReturnType<ConnectionHooks['clientOptions']>;
}

export interface SessionParts {
  readonly hooks: ConnectionHooks;
  readonly repair: StatusRepair;
  publishEnrolmentRequest(): Promise<void>;
  refetchConfig(): Promise<void>;
  dropped(): DroppedMessages;
}

/** Subscribes to what a session listens to; why it was refused, or null. */
async function subscribeAll(session: MqttClient, wanted: string[]): Promise<string | null> {
  let failure = '';
  const granted = await session
    .subscribeAsync(wanted, { qos: SUBSCRIPTION_QOS })
    .catch((error: unknown) => {
      failure = describeError(error);
      return null;
    });
  // A refused subscription is SUBACK 128: a cluster node whose JetStream is still
  // recovering, or an ACL that forgot a topic.
  const refusedTopic = granted?.find((grant) => grant.qos === 128)?.topic;
  if (granted !== null && refusedTopic === undefined) return null;
  return `the broker refused a subscription (${refusedTopic ?? failure})`;
}

export function createSessionParts(parts: SessionPartsOptions): SessionParts {
  const { options, topics, connection, presence, health, configRoutes } = parts;
  const { enrolment, log } = options;
  const repair = createStatusRepair({
    statusTopic: topics.status,
    connected: () => connection.connected(),
    isRenewing: (session) => presence.isRenewing(session),
    sayStatus: () => presence.sayStatus(),
    log,
  });
  // The console sees a drop without waiting for the next period.
  const guard = createInboundGuard({ log, onNewDrop: () => void health.publish() });
  const routes = new Map<string, InboundRoute>([
    [topics.commands, parts.commandRoute],
    [topics.allCommands, parts.commandRoute],
    [topics.status, repair.route],
  ]);
  const onMessage = createInboundRouter({
    prefix: options.topicPrefix,
    kioskId: options.kioskId,
    routeOf: (topic) => routes.get(topic) ?? configRoutes.routeOf(topic),
    ...(enrolment ? { enrolment } : {}),
    guard,
    log,
  });
  const publishEnrolmentRequest = async (): Promise<void> => {
    if (!enrolment) return;
    await connection.publish(enrolment.requestTopic, enrolment.request(), {
      qos: 1,
      retain: true,
    });
  };

  const sessionUp = async (session: MqttClient, fail: (reason: string) => void): Promise<void> => {
    const wanted = [
      topics.commands,
      topics.allCommands,
      ...configRoutes.topics(),
      ...(enrolment?.subscriptions ?? []),
    ];
    const refusal = await subscribeAll(session, wanted);
    // Lost meanwhile: the close handler retries.
    if (!connection.isCurrent(session) || !session.connected) return;
    if (refusal !== null) {
      fail(refusal);
      return;
    }
    await publishEnrolmentRequest();
    if (await presence.announce(session)) repair.taken(session);
    await health.publish();
    health.schedule();
  };

  return {
    hooks: {
      clientOptions: () => parts.willOptions(presence.nextWill()),
      onMessage,
      onUp: (session, fail) => void sessionUp(session, fail),
      renewed: (session) => presence.renewed(session),
      onDown: (_session, byKiosk) => {
        presence.ended(byKiosk);
        repair.reset();
        health.stop();
      },
    },
    repair,
    publishEnrolmentRequest,
    refetchConfig: async () => {
      const target = connection.connected();
      if (!target) return;
      // MQTT replaces an identical subscription and sends its retained messages again.
      await target.subscribeAsync(configRoutes.topics(), { qos: SUBSCRIPTION_QOS }).catch(() => {
        // Lost with the connection: the next connect subscribes afresh.
      });
    },
    dropped: () => guard.dropped(),
  };
}
