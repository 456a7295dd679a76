/**
 * One kiosk's MQTT connection to its fleet, with no Electron in it (the simulator runs
 * hundreds in one Node process; setup-fleet.ts wires the real kiosk to it):
 *
 * - presence: the Last Will `{"state":"offline"}` (retained) with the store and region the
 *   kiosk belongs to, `online` (or `asleep` while its store is closed) with version, start
 *   time, receipt key, store and region on every connect and every change (retained), and
 *   `offline` again on a clean stop. A Last Will is fixed for its session, so when the
 *   groups change the kiosk says offline and renews its session at once: a console that
 *   opens after the kiosk went away still counts it in its own store;
 * - after a lost link, on reaching a broker again, the kiosk first reports it (offline, with
 *   when it was lost and when it could say so: lost-link.ts), then says online: a crashed
 *   cluster node publishes no Last Will, and the record of the kiosk's absence stays true;
 * - its own status read back while it is up: an `offline` there (a Last Will of an older
 *   connection that a broker published late, or an online status a broker failed to keep)
 *   is answered by saying its status again, at most once per STATUS_REPAIR_MS;
 * - health (retained) at once on connect and every fleet.healthSeconds, only while
 *   connected: nothing piles up while the broker is away;
 * - commands on this kiosk's topic and the fleet-wide one (QoS 1), each acknowledged
 *   (commands.ts), and only from those two topics, whatever the broker delivers;
 * - the retained config topics, handed to the remote config (remote-config.ts): the fleet's,
 *   this kiosk's, and its store's and region's while it belongs to them (read afresh at every
 *   connect and refetch, so a kiosk that changes store follows);
 * - a diagnostics bundle, when asked for, in chunks on this kiosk's diagnostics topic
 *   (shared/fleet/diagnostics-transfer.ts), every chunk out before the command's ack;
 * - every message through one boundary (inbound-guard.ts): over its topic's byte limit it is
 *   dropped unread, and nothing a handler throws or rejects with leaves the client. Each
 *   dropped message is logged once and counted in health.
 *
 * Broker trouble never reaches a shopper: a refused or lost connection is retried with
 * exponential backoff and full jitter (shared/fleet/backoff.ts: 1 s to 60 s, and after a
 * lost session 10 s to 60 s, so a fleet that lost a restarting broker together does not
 * come back within the same second), one log line per change of state, and every
 * connection attempt is a fresh client, so nothing queued for a dead one survives.
 *
 * With several brokers (the nodes of a cluster, fleet.brokerUrls) the first attempt goes to
 * one drawn at random, so a fleet spreads over the nodes, and each retry after a refused or
 * lost connection to another one drawn at random (shared/fleet/broker-choice.ts): a kiosk
 * whose node died moves to a live one after its backoff. A node where nothing listens is
 * skipped for a while, and leaving it for another costs no backoff.
 */
import { createHash, randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  MAX_DIAGNOSTICS_BUNDLE_BYTES,
  splitIntoChunks,
} from '../shared/fleet/diagnostics-transfer';
import { z } from 'zod';
import { MESSAGE_LIMITS, trustMessageLimit } from '../shared/fleet/message-limits';
import {
  COMMAND_ERRORS,
  healthSchema,
  lostLinkReport,
  offlineStatusFor,
  statusSchema,
  statusAsleepSchema,
  statusOnlineSchema,
  type FleetAck,
  type KioskHealth,
  type KioskStatusAsleep,
  type KioskStatusOnline,
} from '../shared/fleet/payloads';
import { nodeName, pickBrokerUrl } from '../shared/fleet/broker-choice';
import { NO_GROUPS, type KioskGroups } from '../shared/fleet/groups';
import {
  diagnosticsTopic,
  groupConfigTopic,
  kioskTopics,
  SUBSCRIPTION_QOS,
  type KioskTopics,
} from '../shared/fleet/topics';
import { parseTrustTopic } from '../shared/fleet/trust-topics';
import type { FleetLog } from './fleet-log';
import {
  backoffDelayMs,
  backoffStartMs,
  DEFAULT_BACKOFF,
  type BackoffOptions,
} from '../shared/fleet/backoff';
import {
  createCommandHandler,
  type CommandActions,
  type CommandHandler,
  type HandledCommand,
} from './commands/commands';
import {
  createInboundGuard,
  type DroppedMessages,
  type InboundRoute,
} from './commands/inbound-guard';
import { createLostLink } from './presence/lost-link';
import type { RemoteScope } from './config/remote-config';

/** A screenshot larger than this is refused rather than sent (brokers cap message sizes). */
export const MAX_SCREENSHOT_BYTES = MESSAGE_LIMITS.screenshot;

/** How long a clean stop waits for the broker to take the offline status. */
const STOP_TIMEOUT_MS = 2000;
/** How long an ack may take before a relaunch goes ahead anyway. */
const ACK_BEFORE_RELAUNCH_MS = 3000;
/**
 * The shortest time between two corrections of the kiosk's own status: a late Last Will is
 * answered at once, but two clients fighting over one kiosk id (a copied login) cannot make
 * it publish in a loop.
 */
export const STATUS_REPAIR_MS = 5000;

export interface FleetTls {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
}

export interface FleetActions extends Omit<CommandActions, 'screenshot' | 'diagnostics'> {
  /** PNG bytes of the screen; called only on the attract screen. */
  captureScreenshot(): Promise<Uint8Array>;
  /** The gzipped diagnostics bundle; called only on the attract screen or asleep. */
  gatherDiagnostics(): Promise<Uint8Array>;
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

/** What the client needs of the kiosk's enrolment. */
export interface FleetEnrolment {
  /** This kiosk's certificates and the revocation list. */
  readonly subscriptions: readonly string[];
  readonly requestTopic: string;
  /** The retained request's JSON, or '' to withdraw it. */
  request(): string;
  receive(topic: string, bytes: Uint8Array): Promise<void>;
}

export type FleetState = 'idle' | 'connecting' | 'online' | 'offline' | 'stopped';

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
   * Subscribes to the two config topics again, so the broker sends their retained
   * payloads again (reload-config); nothing when offline (a connect fetches them anyway).
   */
  refetchConfig(): Promise<void>;
  /** Commands remembered for de-duplication (bounded). */
  readonly rememberedCommandIds: number;
  /** Publishes (or withdraws) the enrolment request now, if connected. */
  publishEnrolmentRequest(): Promise<void>;
  /** Messages dropped unread since start (too large, or their handler failed), for health. */
  droppedMessages(): DroppedMessages;
}

function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    // CONNACK refusals carry the MQTT return code: 4 and 5 (v3.1.1), 134 and 135 (v5).
    if (code === 4 || code === 5 || code === 134 || code === 135) {
      return `the broker refused the credentials (${String(message)})`;
    }
    if (typeof message === 'string' && message !== '') return message.replace(/\p{Cc}+/gu, ' ');
    if (typeof code === 'string') return code;
  }
  return String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createFleetClient(options: FleetClientOptions): FleetClient {
  const { log, kioskId } = options;
  const topics = kioskTopics(options.topicPrefix, kioskId);
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const connect = options.connect ?? ((url, connectOptions) => mqtt.connect(url, connectOptions));
  const { brokerUrls } = options;
  let brokerUrl = pickBrokerUrl(brokerUrls, random);
  let healthSeconds = options.healthSeconds;

  let state: FleetState = 'idle';
  let client: MqttClient | null = null;
  let attempt = 0;
  /** Whether a session was up since start: its loss starts the backoff wider. */
  let hadSession = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let healthTimer: NodeJS.Timeout | null = null;
  /** The reason last logged for being offline: a new line only when it changes. */
  let offlineReason: string | null = null;
  let strangerTopicLogged = false;
  let healthProblem: string | null = null;
  const lostLink = createLostLink();
  /** The session whose status the broker took: only then is an `offline` read back wrong. */
  let statusTaken: MqttClient | null = null;
  let repairTimer: NodeJS.Timeout | null = null;
  let lastRepairAt = -Infinity;
  let repairLogged = false;
  let ownStatusRefusedLogged = false;

  const connected = (): MqttClient | null => (client?.connected ? client : null);

  const publish = async (
    topic: string,
    payload: string | Buffer,
    publishOptions: { qos: 0 | 1; retain: boolean },
  ): Promise<boolean> => {
    const target = connected();
    if (!target) return false;
    try {
      await target.publishAsync(topic, payload, publishOptions);
      return true;
    } catch {
      // A publish lost with its connection is not retried: the state is sent afresh later.
      return false;
    }
  };

  const { enrolment } = options;
  /** This kiosk's own certificates and the revocation list, whatever else arrives. */
  const isEnrolmentTopic = (topic: string): boolean => {
    const parsed = parseTrustTopic(options.topicPrefix, topic);
    return (
      parsed?.kind === 'revocations' ||
      (parsed?.kind === 'certificate' && parsed.kioskId === kioskId)
    );
  };
  const publishEnrolmentRequest = async (): Promise<void> => {
    if (!enrolment) return;
    await publish(enrolment.requestTopic, enrolment.request(), { qos: 1, retain: true });
  };

  const commands: CommandHandler = createCommandHandler({
    ...options.actions,
    screenshot: async () => {
      const png = await options.actions.captureScreenshot();
      if (png.length > MAX_SCREENSHOT_BYTES) throw new Error('the screenshot is too large');
      const sent = await publish(topics.screenshot, Buffer.from(png), { qos: 1, retain: true });
      if (!sent) throw new Error('the screenshot could not be sent');
    },
    diagnostics: async (commandId) => {
      const bundle = await options.actions.gatherDiagnostics();
      if (bundle.length > MAX_DIAGNOSTICS_BUNDLE_BYTES) {
        throw new Error('the diagnostics bundle is too large');
      }
      const chunks = splitIntoChunks(bundle, {
        transfer: randomBytes(12).toString('base64url'),
        command: commandId,
        sha256: createHash('sha256').update(bundle).digest('hex'),
      });
      const topic = diagnosticsTopic(options.topicPrefix, kioskId);
      // In order, each taken by the broker (QoS 1) before the next: the ack follows the last.
      for (const chunk of chunks) {
        const sent = await publish(topic, JSON.stringify(chunk), { qos: 1, retain: false });
        if (!sent) throw new Error(`diagnostics chunk ${chunk.index} could not be sent`);
      }
    },
  });

  const publishHealth = async (): Promise<void> => {
    if (!connected()) return;
    let problem: string | null = null;
    try {
      const parsed = healthSchema.safeParse(await options.health());
      if (parsed.success) {
        const sent = await publish(topics.health, JSON.stringify(parsed.data), {
          qos: 0,
          retain: true,
        });
        if (sent) options.onHealthSent?.(parsed.data);
      } else {
        problem = `health does not match its schema (${parsed.error.issues[0]?.path.join('.') ?? '?'})`;
      }
    } catch (error) {
      problem = `health could not be collected (${describeError(error)})`;
    }
    if (problem !== null && problem !== healthProblem) log.warn(`Fleet: ${problem}`);
    healthProblem = problem;
  };

  const scheduleHealth = (): void => {
    if (healthTimer) clearTimeout(healthTimer);
    healthTimer = null;
    if (!connected()) return;
    healthTimer = setTimeout(() => {
      void publishHealth().finally(scheduleHealth);
    }, healthSeconds * 1000);
  };

  const acknowledge = async (handled: HandledCommand): Promise<void> => {
    const ack: FleetAck = {
      id: handled.id,
      command: handled.command,
      ok: handled.outcome.ok,
      ...(handled.outcome.error === undefined ? {} : { error: handled.outcome.error }),
      at: new Date().toISOString(),
    };
    const sent = publish(topics.acks, JSON.stringify(ack), { qos: 1, retain: false });
    if (handled.after) {
      // A relaunch must not cut off its own ack, nor wait for it for ever.
      await withTimeout(sent, ACK_BEFORE_RELAUNCH_MS);
      handled.after();
    }
  };

  const inbound = createInboundGuard({
    log,
    // The console sees the drop without waiting for the next period.
    onNewDrop: () => void publishHealth(),
  });
  const commandRoute: InboundRoute = {
    limit: MESSAGE_LIMITS.commands,
    handle: async (bytes) => acknowledge(await commands.handle(bytes)),
    // Every command gets an ack, even one too large to read.
    tooLarge: () =>
      acknowledge({ id: '', command: '', outcome: { ok: false, error: COMMAND_ERRORS.tooLarge } }),
  };
  const configRoute = (scope: RemoteScope): InboundRoute => ({
    limit: MESSAGE_LIMITS.config,
    handle: (bytes) => options.onConfigMessage(scope, bytes),
  });
  const routes = new Map<string, InboundRoute>([
    [topics.commands, commandRoute],
    [topics.allCommands, commandRoute],
    [topics.config, configRoute('kiosk')],
    [topics.fleetConfig, configRoute('fleet')],
  ]);
  /** The config topics of the groups the kiosk belongs to now, with their scope. */
  const groupTopics = (): Map<string, 'store' | 'region'> => {
    const groups = options.groups?.() ?? NO_GROUPS;
    const found = new Map<string, 'store' | 'region'>();
    for (const kind of ['store', 'region'] as const) {
      const id = groups[kind];
      if (id !== null) found.set(groupConfigTopic(options.topicPrefix, kind, id), kind);
    }
    return found;
  };
  const routeOf = (topic: string): InboundRoute | undefined => {
    const route = routes.get(topic);
    if (route) return route;
    // Only the current groups' topics: a store the kiosk has left is a stranger's topic.
    const scope = groupTopics().get(topic);
    return scope === undefined ? undefined : configRoute(scope);
  };
  const configTopics = (): string[] => [topics.config, topics.fleetConfig, ...groupTopics().keys()];

  /** The offline status as the kiosk would say it now: with its current store and region. */
  const offlinePayload = (): string => JSON.stringify(offlineStatusFor(options.status()));
  /** The Last Will of the session in force. */
  let sessionWill = '';
  /** The session being ended so a new one carries the new groups in its Last Will. */
  let renewing: MqttClient | null = null;

  const renewSession = async (current: MqttClient): Promise<void> => {
    if (renewing === current) return;
    renewing = current;
    log.info("Fleet: the kiosk's groups changed; renewing the session so its Last Will names them");
    // Never an online status left on the broker with no Last Will behind it: offline (with
    // the new groups) first, then a clean disconnect, then online again from the new session.
    await publish(topics.status, offlinePayload(), { qos: 1, retain: true });
    await withTimeout(current.endAsync(), STOP_TIMEOUT_MS).catch(() => undefined);
    current.end(true);
  };

  /** Says the online (or asleep) status; whether the broker took it. */
  const sayStatus = async (): Promise<boolean> => {
    const status = z
      .discriminatedUnion('state', [statusOnlineSchema, statusAsleepSchema])
      .safeParse(options.status());
    if (!status.success) {
      log.warn('Fleet: the online status does not match its schema; not sent');
      return false;
    }
    // On a cluster the status names the node, so the will keeper can say the kiosk is
    // offline if that node is lost; one broker is its own keeper and is not named.
    const node = brokerUrls.length > 1 ? nodeName(brokerUrl) : null;
    const said = node === null ? status.data : { ...status.data, node };
    const sent = await publish(topics.status, JSON.stringify(said), {
      qos: 1,
      retain: true,
    });
    const current = connected();
    if (current && offlinePayload() !== sessionWill) await renewSession(current);
    return sent;
  };

  const publishStatus = async (): Promise<void> => {
    await sayStatus();
  };

  /** Says the status again after `offline` was read back on its topic, not too often. */
  const repairStatus = (session: MqttClient): void => {
    if (repairTimer) return;
    const wait = Math.max(0, lastRepairAt + STATUS_REPAIR_MS - Date.now());
    repairTimer = setTimeout(() => {
      repairTimer = null;
      if (connected() !== session || statusTaken !== session || renewing === session) return;
      lastRepairAt = Date.now();
      if (!repairLogged) {
        repairLogged = true;
        log.info(
          "Fleet: the broker had this kiosk's status as offline while it is online; saying it again",
        );
      }
      void sayStatus();
    }, wait);
  };

  const isOffline = (bytes: Uint8Array): boolean => {
    try {
      const parsed = statusSchema.safeParse(JSON.parse(Buffer.from(bytes).toString('utf8')));
      return parsed.success && parsed.data.state === 'offline';
    } catch {
      return false;
    }
  };

  const ownStatusRoute: InboundRoute = {
    limit: MESSAGE_LIMITS.status,
    handle: (bytes) => {
      const session = connected();
      if (!session || statusTaken !== session || renewing === session) return;
      if (isOffline(bytes)) repairStatus(session);
    },
  };
  routes.set(topics.status, ownStatusRoute);

  /**
   * Reads its own status back: the broker sends what it keeps at once, then every status
   * published on the topic. An ACL without that right refuses it (NATS) or sends nothing
   * (Mosquitto); the kiosk works on, without the correction.
   */
  const watchOwnStatus = async (session: MqttClient): Promise<void> => {
    const granted = await session
      .subscribeAsync(topics.status, { qos: SUBSCRIPTION_QOS })
      .catch(() => null);
    if (granted?.some((grant) => grant.qos === 128) === true && !ownStatusRefusedLogged) {
      ownStatusRefusedLogged = true;
      log.warn(
        'Fleet: the broker does not let this kiosk read its own status; a late Last Will will not be corrected',
      );
    }
  };

  const onMessage = (topic: string, payload: Buffer): void => {
    const bytes = new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);
    const route = routeOf(topic);
    if (route) {
      inbound.deliver(topic, bytes, route);
    } else if (enrolment && isEnrolmentTopic(topic)) {
      inbound.deliver(topic, bytes, {
        limit: trustMessageLimit(options.topicPrefix, topic),
        handle: (message) => enrolment.receive(topic, message),
      });
    } else if (!strangerTopicLogged) {
      // Only this kiosk's topics count, even if a broker's ACL lets more through.
      strangerTopicLogged = true;
      log.warn(`Fleet: ignoring messages on topics that are not this kiosk's (first: ${topic})`);
    }
  };

  /** Refused credentials need a person; anything else is waited out. Each is one log line. */
  const kindOf = (reason: string): string =>
    reason.startsWith('the broker refused the credentials') ? 'credentials' : 'unreachable';

  const goOffline = (reason: string): void => {
    if (state === 'stopped') return;
    const changed =
      state === 'online' || offlineReason === null || kindOf(reason) !== kindOf(offlineReason);
    state = 'offline';
    if (changed) {
      offlineReason = reason;
      log.warn(
        `Fleet: offline (${reason}); retrying with backoff, ${backoffStartMs(backoff, hadSession) / 1000} s to ${backoff.capMs / 1000} s`,
      );
    }
  };

  /** Brokers that refused the connection itself (nothing listened: a crashed node), and when. */
  const unreachable = new Map<string, number>();
  /** Those refused within the backoff's cap: skipped while another broker is left. */
  const avoided = (): Set<string> => {
    const now = Date.now();
    for (const [url, at] of unreachable) if (now - at > backoff.capMs) unreachable.delete(url);
    return new Set(unreachable.keys());
  };

  /** `refused`: nothing listened at the broker just tried (its TCP connection was refused). */
  const scheduleRetry = (refused: boolean): void => {
    if (state === 'stopped' || retryTimer) return;
    const leaving = brokerUrl;
    if (refused) unreachable.set(leaving, Date.now());
    const avoid = avoided();
    brokerUrl = pickBrokerUrl(brokerUrls, random, leaving, avoid);
    // A node that refused the connection itself is down, and one not known to be is left:
    // tried at once, the backoff where it was. The refusal cost the cluster nothing, and the
    // wait before this attempt already spread the fleet; counting it would double the next
    // wait for nothing, which is what made a large fleet slow to leave a crashed node.
    const atOnce = refused && !avoid.has(brokerUrl);
    const delay = atOnce ? 0 : backoffDelayMs(attempt, random, backoff, hadSession);
    if (!atOnce) attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open();
    }, delay);
  };

  function open(): void {
    if (state === 'stopped') return;
    if (state === 'idle') log.info(`Fleet: connecting to ${brokerUrl} as ${kioskId}`);
    if (state !== 'offline') state = 'connecting';
    let lastError: string | null = null;
    let refused = false;
    sessionWill = offlinePayload();
    const created = connect(brokerUrl, {
      clientId: kioskId,
      protocolVersion: 4,
      clean: true,
      keepalive: options.keepaliveSeconds,
      connectTimeout: 10_000,
      // Our own backoff decides when to try again; every attempt is a fresh client.
      reconnectPeriod: 0,
      queueQoSZero: false,
      resubscribe: false,
      will: {
        topic: topics.status,
        payload: Buffer.from(sessionWill),
        qos: 1,
        retain: true,
      },
      ...(options.username ? { username: options.username } : {}),
      ...(options.password ? { password: options.password } : {}),
      ...options.tls,
      rejectUnauthorized: true,
    });
    client = created;

    created.on('error', (error) => {
      lastError = describeError(error);
      refused = (error as { code?: unknown }).code === 'ECONNREFUSED';
    });
    created.on('message', onMessage);
    created.on('connect', () => {
      if (client !== created) return;
      attempt = 0;
      hadSession = true;
      unreachable.delete(brokerUrl);
      state = 'online';
      log.info(`Fleet: online${offlineReason === null ? '' : ' again'} at ${brokerUrl}`);
      offlineReason = null;
      void (async () => {
        // Subscribed before saying online: a console may send a command the moment it sees it.
        const wanted = [
          topics.commands,
          topics.allCommands,
          ...configTopics(),
          ...(enrolment?.subscriptions ?? []),
        ];
        let failure = '';
        const granted = await created
          .subscribeAsync(wanted, { qos: SUBSCRIPTION_QOS })
          .catch((error: unknown) => {
            failure = describeError(error);
            return null;
          });
        // Lost meanwhile: the close handler retries.
        if (client !== created || !created.connected) return;
        // A refused subscription (SUBACK 128: a cluster node whose JetStream is still
        // recovering, or an ACL that forgot a topic) would leave a kiosk online but deaf to
        // its commands or configs. Such a session is dropped and retried, on another node.
        const refused = granted?.find((grant) => grant.qos === 128)?.topic;
        if (granted === null || refused !== undefined) {
          lastError = `the broker refused a subscription (${refused ?? failure})`;
          created.end(true);
          return;
        }
        await publishEnrolmentRequest();
        // A lost link first, so its offline comes before the online that ends it.
        const lostAt = lostLink.owed();
        const reportedAt = new Date();
        const reportTaken =
          lostAt === null ||
          (await publish(
            topics.status,
            JSON.stringify(lostLinkReport(options.status(), lostAt, reportedAt)),
            { qos: 1, retain: true },
          ));
        const statusSent = await sayStatus();
        if (statusSent && connected() === created) {
          if (reportTaken) lostLink.reported();
          if (lostAt !== null && reportTaken) {
            log.info(
              `Fleet: reported the link lost at ${lostAt.toISOString()} (${((reportedAt.getTime() - lostAt.getTime()) / 1000).toFixed(1)} s without it)`,
            );
          }
          lostLink.saidOnline();
          statusTaken = created;
          void watchOwnStatus(created);
        }
        await publishHealth();
        scheduleHealth();
      })();
    });
    created.on('close', () => {
      if (client !== created) return;
      client = null;
      // Ended by the kiosk (a stop, a session renewed for new groups) or lost under it.
      lostLink.ended(new Date(), state === 'stopped' || renewing === created);
      statusTaken = null;
      if (repairTimer) clearTimeout(repairTimer);
      repairTimer = null;
      if (healthTimer) clearTimeout(healthTimer);
      healthTimer = null;
      created.removeAllListeners('message');
      created.end(true);
      if (state === 'stopped') return;
      if (renewing === created) {
        // Ended on purpose for a new Last Will: straight back, no backoff, nothing to log.
        renewing = null;
        open();
        return;
      }
      goOffline(lastError ?? 'the connection closed');
      scheduleRetry(refused);
    });
  }

  return {
    topics,
    get state() {
      return state;
    },
    get brokerUrl() {
      return brokerUrl;
    },
    start: () => {
      if (state !== 'idle') return;
      open();
    },
    stop: async () => {
      if (state === 'stopped') return;
      state = 'stopped';
      commands.cancel();
      if (retryTimer) clearTimeout(retryTimer);
      if (healthTimer) clearTimeout(healthTimer);
      if (repairTimer) clearTimeout(repairTimer);
      retryTimer = null;
      healthTimer = null;
      repairTimer = null;
      const current = client;
      client = null;
      if (!current) return;
      if (current.connected) {
        await withTimeout(
          current.publishAsync(topics.status, offlinePayload(), {
            qos: 1,
            retain: true,
          }),
          STOP_TIMEOUT_MS,
        ).catch(() => undefined);
        // A clean DISCONNECT: the broker drops the Last Will, the status already says offline.
        await withTimeout(current.endAsync(), STOP_TIMEOUT_MS).catch(() => undefined);
      }
      current.end(true);
      log.info('Fleet: stopped');
    },
    setHealthSeconds: (seconds) => {
      if (seconds === healthSeconds) return;
      healthSeconds = seconds;
      scheduleHealth();
    },
    publishHealth,
    publishStatus,
    refetchConfig: async () => {
      const target = connected();
      if (!target) return;
      // MQTT replaces an identical subscription and sends its retained messages again.
      await target.subscribeAsync(configTopics(), { qos: SUBSCRIPTION_QOS }).catch(() => {
        // Lost with the connection: the next connect subscribes afresh.
      });
    },
    get rememberedCommandIds() {
      return commands.rememberedIds;
    },
    publishEnrolmentRequest,
    droppedMessages: () => inbound.dropped(),
  };
}
