/**
 * One kiosk's MQTT connection to its fleet, with no Electron in it (the simulator runs
 * hundreds in one Node process; the kiosk's main process wires the real kiosk to it). A short
 * factory over one part per concern:
 *
 * - the connection (connection/connection.ts): a fresh client per attempt, the broker drawn
 *   at random among a cluster's nodes and left for another after a refusal or a loss
 *   (broker-rotation.ts), retried with exponential backoff and full jitter
 *   (retry-schedule.ts), one log line per change of state. Broker trouble never reaches a
 *   shopper;
 * - presence (presence/presence.ts): the Last Will, online or asleep on every connect and
 *   change, a lost link reported on the way back, the session renewed when the groups
 *   change; and its own status read back and said again after a late will
 *   (presence/status-repair.ts);
 * - health (health/health-reporter.ts) at once on connect and every fleet.healthSeconds,
 *   only while connected;
 * - commands with acks, screenshots and diagnostics (commands/command-dispatcher.ts);
 * - the retained config topics (config/config-routes.ts), handed to the remote config;
 * - the enrolment's topics and its retained request (identity/enrolment.ts);
 * - every message through one boundary (connection/inbound-router.ts, inbound-guard.ts).
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { DEFAULT_BACKOFF, type BackoffOptions } from '../shared/fleet/backoff';
import type { KioskGroups } from '../shared/fleet/groups';
import type { KioskHealth, KioskStatusAsleep, KioskStatusOnline } from '../shared/fleet/payloads';
import { diagnosticsTopic, kioskTopics, type KioskTopics } from '../shared/fleet/topics';
import { createCommandDispatcher, type FleetActions } from './commands/command-dispatcher';
import type { RemoteScope } from './config/config-envelope-rules';
import { createConfigRoutes } from './config/config-routes';
import { createBrokerRotation } from './connection/broker-rotation';
import { createConnection, type FleetState } from './connection/connection';
import type { DroppedMessages } from './connection/inbound-guard';
import { createRetrySchedule } from './connection/retry-schedule';
import { withTimeout } from './connection/mqtt-errors';
import type { FleetLog } from './fleet-log';
import { createHealthReporter } from './health/health-reporter';
import { createPresence, STOP_TIMEOUT_MS } from './presence/presence';
import { createSessionParts, type FleetEnrolment } from './session-parts';

export interface FleetTls {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
}

export interface FleetClientOptions {
  /** One broker, or the equal nodes of a cluster; at least one. */
  brokerUrls: readonly string[];
  kioskId: string;
  topicPrefix: string;
  username?: string;
  password?: string;
  tls?: FleetTls;
  keepaliveSeconds: number;
  healthSeconds: number;
  /** Online, or asleep while the store is closed. */
  status: () => KioskStatusOnline | KioskStatusAsleep;
  health: () => Promise<KioskHealth>;
  /** A health report written to the broker: what it carried has been told. */
  onHealthSent?: (health: KioskHealth) => void;
  actions: FleetActions;
  /** A message on one of the config topics. */
  onConfigMessage: (scope: RemoteScope, bytes: Uint8Array) => void;
  /** The store and region this kiosk belongs to now; absent: none. */
  groups?: () => KioskGroups;
  /** Enrolment (enrolment.ts): its topics are subscribed to, its request kept on the broker. */
  enrolment?: FleetEnrolment;
  log: FleetLog;
  random?: () => number;
  backoff?: BackoffOptions;
  /** mqtt.connect by default; a test may wrap it. */
  connect?: (url: string, options: IClientOptions) => MqttClient;
}

export interface FleetClient {
  readonly topics: KioskTopics;
  readonly state: FleetState;
  /** The broker of the current (or next) attempt. */
  readonly brokerUrl: string;
  /** Starts connecting (and retrying for as long as it runs). */
  start(): void;
  /** Publishes `offline` (if connected), disconnects cleanly and stops retrying. */
  stop(): Promise<void>;
  /** A new health period, effective from the next report. */
  setHealthSeconds(seconds: number): void;
  /** Publishes health now, if connected. */
  publishHealth(): Promise<void>;
  /** Publishes the status again now (its state or groups changed), if connected. */
  publishStatus(): Promise<void>;
  /**
   * Subscribes to the config topics again, so the broker sends their retained payloads
   * again (reload-config); nothing when offline (a connect fetches them anyway).
   */
  refetchConfig(): Promise<void>;
  /** Commands remembered for de-duplication (bounded). */
  readonly rememberedCommandIds: number;
  /** Publishes (or withdraws) the enrolment request now, if connected. */
  publishEnrolmentRequest(): Promise<void>;
  /** Messages dropped unread since start (too large, or their handler failed), for health. */
  droppedMessages(): DroppedMessages;
}

/**
 * The client id of every attempt this kiosk makes: its id and a part nobody else knows.
 * Where the broker binds client ids to logins (the shop's Mosquitto) it puts the login's name
 * in its place; a NATS cluster binds none, and takes a session over for whoever names its
 * client id, so another login that knew it could close this kiosk's session and set off its
 * Last Will. The same id on each attempt lets a connection the kiosk gave up on be closed
 * by its next one.
 */
export function kioskClientId(kioskId: string): string {
  return `${kioskId}.${randomBytes(12).toString('base64url')}`;
}

/** The MQTT options of one attempt; `will`: the offline status the broker keeps for it. */
function clientOptions(
  options: FleetClientOptions,
  clientId: string,
  willTopic: string,
  will: string,
) {
  return {
    clientId,
    protocolVersion: 4,
    clean: true,
    keepalive: options.keepaliveSeconds,
    connectTimeout: 10_000,
    // Our own backoff decides when to try again; every attempt is a fresh client.
    reconnectPeriod: 0,
    queueQoSZero: false,
    resubscribe: false,
    will: { topic: willTopic, payload: Buffer.from(will), qos: 1, retain: true },
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    ...options.tls,
    rejectUnauthorized: true,
  } satisfies IClientOptions;
}

export function createFleetClient(options: FleetClientOptions): FleetClient {
  const { log, kioskId } = options;
  const topics = kioskTopics(options.topicPrefix, kioskId);
  const clientId = kioskClientId(kioskId);
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const connection = createConnection({
    kioskId,
    rotation: createBrokerRotation(options.brokerUrls, random, backoff.capMs),
    retry: createRetrySchedule(random, backoff),
    backoff,
    connect: options.connect ?? ((url, connectOptions) => mqtt.connect(url, connectOptions)),
    log,
  });
  const presence = createPresence({
    statusTopic: topics.status,
    status: options.status,
    clustered: options.brokerUrls.length > 1,
    connection,
    log,
  });
  const health = createHealthReporter({
    healthTopic: topics.health,
    healthSeconds: options.healthSeconds,
    health: options.health,
    ...(options.onHealthSent ? { onHealthSent: options.onHealthSent } : {}),
    connection,
    log,
  });
  const commands = createCommandDispatcher(
    options.actions,
    { ...topics, diagnostics: diagnosticsTopic(options.topicPrefix, kioskId) },
    (topic, payload, publishOptions) => connection.publish(topic, payload, publishOptions),
  );
  const configRoutes = createConfigRoutes({
    prefix: options.topicPrefix,
    topics: { kiosk: topics.config, fleet: topics.fleetConfig },
    ...(options.groups ? { groups: options.groups } : {}),
    onConfigMessage: options.onConfigMessage,
  });
  const session = createSessionParts({
    options,
    topics,
    connection,
    presence,
    health,
    commandRoute: commands.route,
    configRoutes,
    willOptions: (will) => clientOptions(options, clientId, topics.status, will),
  });

  return {
    topics,
    get state() {
      return connection.state;
    },
    get brokerUrl() {
      return connection.brokerUrl;
    },
    start: () => {
      connection.start(session.hooks);
    },
    stop: async () => {
      if (connection.state === 'stopped') return;
      const current = connection.stop();
      commands.handler.cancel();
      health.stop();
      session.repair.reset();
      if (!current) return;
      if (current.connected) {
        await withTimeout(
          current.publishAsync(topics.status, presence.offlinePayload(), { qos: 1, retain: true }),
          STOP_TIMEOUT_MS,
        ).catch(() => undefined);
        // A clean DISCONNECT: the broker drops the Last Will, the status already says offline.
        await withTimeout(current.endAsync(), STOP_TIMEOUT_MS).catch(() => undefined);
      }
      current.end(true);
      log.info('Fleet: stopped');
    },
    setHealthSeconds: (seconds) => health.setSeconds(seconds),
    publishHealth: () => health.publish(),
    publishStatus: async () => {
      await presence.sayStatus();
    },
    refetchConfig: () => session.refetchConfig(),
    get rememberedCommandIds() {
      return commands.handler.rememberedIds;
    },
    publishEnrolmentRequest: () => session.publishEnrolmentRequest(),
    droppedMessages: () => session.dropped(),
  };
}
