/**
 * One kiosk's link to its broker: a fresh MQTT client for every attempt (nothing queued for
 * a dead one survives), its Last Will fixed when it is made, and a retry after every refused
 * or lost connection (broker-rotation.ts picks where, retry-schedule.ts when), with one log
 * line per change of state. What a session does once it is up, and what ends with it, is
 * the hooks' business: the connection knows no topic.
 */
import type { IClientOptions, MqttClient } from 'mqtt';
import type { BackoffOptions } from '../../shared/fleet/backoff';
import type { FleetLog } from '../fleet-log';
import type { BrokerRotation } from './broker-rotation';
import { describeError, failureKind, isConnectionRefused } from './mqtt-errors';
import type { RetrySchedule } from './retry-schedule';

export type FleetState = 'idle' | 'connecting' | 'online' | 'offline' | 'stopped';

export interface ConnectionHooks {
  /** The client options of the next attempt: the Last Will is read afresh for each. */
  clientOptions(): IClientOptions;
  onMessage(topic: string, payload: Buffer): void;
  /** A session is up; `fail` ends it, naming why, and the connection retries elsewhere. */
  onUp(session: MqttClient, fail: (reason: string) => void): void;
  /** Whether the kiosk ended this session to start a new one at once (no backoff, no log). */
  renewed(session: MqttClient): boolean;
  /** A session closed; `byKiosk`: a stop or a renewal, not a loss. */
  onDown(session: MqttClient, byKiosk: boolean): void;
}

export interface ConnectionOptions {
  kioskId: string;
  rotation: BrokerRotation;
  retry: RetrySchedule;
  backoff: BackoffOptions;
  connect: (url: string, options: IClientOptions) => MqttClient;
  log: FleetLog;
}

export interface Connection {
  readonly state: FleetState;
  readonly brokerUrl: string;
  /** The session, while it is connected. */
  connected(): MqttClient | null;
  /** Whether `session` is still the connection's own (not ended or replaced). */
  isCurrent(session: MqttClient): boolean;
  /** Publishes on the session, if connected; whether the broker took it. */
  publish(topic: string, payload: string | Buffer, options: PublishOptions): Promise<boolean>;
  start(hooks: ConnectionHooks): void;
  /** Stops retrying for good; hands back the session, if any, for the caller to end. */
  stop(): MqttClient | null;
}

export interface PublishOptions {
  qos: 0 | 1;
  retain: boolean;
}

/** Publishes on `session` when there is one; whether the broker took it. */
async function publishOn(
  session: MqttClient | null,
  topic: string,
  payload: string | Buffer,
  options: PublishOptions,
): Promise<boolean> {
  if (!session) return false;
  try {
    await session.publishAsync(topic, payload, options);
    return true;
  } catch {
    // A publish lost with its connection is not retried: the state is sent afresh later.
    return false;
  }
}

export function createConnection(options: ConnectionOptions): Connection {
  const { rotation, retry, log } = options;
  let state: FleetState = 'idle';
  let client: MqttClient | null = null;
  /** The reason last logged for being offline: a new line only when it changes. */
  let offlineReason: string | null = null;

  const connected = (): MqttClient | null => (client?.connected ? client : null);

  const goOffline = (reason: string): void => {
    const changed =
      state === 'online' ||
      offlineReason === null ||
      failureKind(reason) !== failureKind(offlineReason);
    state = 'offline';
    if (!changed) return;
    offlineReason = reason;
    log.warn(
      `Fleet: offline (${reason}); retrying with backoff, ${retry.startMs() / 1000} s to ${options.backoff.capMs / 1000} s`,
    );
  };

  const cameOnline = (): void => {
    retry.sessionUp();
    rotation.reached();
    state = 'online';
    log.info(`Fleet: online${offlineReason === null ? '' : ' again'} at ${rotation.current}`);
    offlineReason = null;
  };

  function open(hooks: ConnectionHooks): void {
    if (state === 'stopped') return;
    if (state === 'idle')
      log.info(`Fleet: connecting to ${rotation.current} as ${options.kioskId}`);
    if (state !== 'offline') state = 'connecting';
    let lastError: string | null = null;
    let refused = false;
    const created = options.connect(rotation.current, hooks.clientOptions());
    client = created;
    created.on('error', (error) => {
      lastError = describeError(error);
      refused = isConnectionRefused(error);
    });
    created.on('message', (topic, payload) => hooks.onMessage(topic, payload));
    created.on('connect', () => {
      if (client !== created) return;
      cameOnline();
      hooks.onUp(created, (reason) => {
        lastError = reason;
        created.end(true);
      });
    });
    created.on('close', () => {
      if (client !== created) return;
      client = null;
      const renewed = hooks.renewed(created);
      hooks.onDown(created, state === 'stopped' || renewed);
      created.removeAllListeners('message');
      created.end(true);
      if (state === 'stopped') return;
      // Ended on purpose for a new Last Will: straight back, no backoff, nothing to log.
      if (renewed) {
        open(hooks);
        return;
      }
      goOffline(lastError ?? 'the connection closed');
      if (retry.planned()) return;
      retry.plan(rotation.leave(refused).atOnce, () => open(hooks));
    });
  }

  return {
    get state() {
      return state;
    },
    get brokerUrl() {
      return rotation.current;
    },
    connected,
    isCurrent: (session) => client === session,
    publish: (topic, payload, publishOptions) =>
      publishOn(connected(), topic, payload, publishOptions),
    start: (hooks) => {
      if (state === 'idle') open(hooks);
    },
    stop: () => {
      state = 'stopped';
      retry.cancel();
      const current = client;
      client = null;
      return current;
    },
  };
}
