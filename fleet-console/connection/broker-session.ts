/**
 * The console's one MQTT connection, straight from the browser to the broker's WebSockets
 * listener (MQTT.js): nothing of ours in between. It subscribes to every kiosk's retained
 * status, health and config and to the acks, batches what arrives per frame into the
 * store, publishes commands and configs, and watches one kiosk's screenshot at a time.
 */
// MQTT.js's browser build has a default export only.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { applyMessages, type FleetMessage, type FleetState } from '../fleet/fleet-state';
import { useFleetStore } from '../fleet/fleet-store';
import { kioskTopics } from '@shared/fleet/topics';
import { consoleSubscriptions } from '../protocol/fleet-topics';
import type { ConsoleSettings } from './console-settings';
import { createFrameBatcher } from './frame-batcher';

export interface BrokerSession {
  readonly prefix: string;
  /** Resolves once the broker has the message (QoS 1), rejects if it cannot be sent. */
  publish: (topic: string, payload: string, options: { retain: boolean }) => Promise<void>;
  /** Subscribes to this kiosk's retained screenshot (null: to none). */
  watchScreenshot: (kioskId: string | null) => void;
  close: () => void;
}

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The broker's refusal in words an operator can act on. */
export function describeProblem(error: Error & { code?: unknown }): string {
  if (error.code === 4 || error.code === 134) return 'The broker refused the user name or password';
  if (error.code === 5 || error.code === 135)
    return 'The broker refused this user (not authorised)';
  return error.message || 'The broker cannot be reached';
}

export function openBrokerSession(settings: ConsoleSettings): BrokerSession {
  const store = useFleetStore.getState();
  store.reset();
  const prefix = settings.topicPrefix;
  const broker = settings.brokerUrl;
  let pending: FleetState | null = null;

  const batcher = createFrameBatcher<FleetMessage>({
    process(chunk) {
      pending = applyMessages(pending ?? useFleetStore.getState().fleet, chunk, prefix);
    },
    commit() {
      if (pending) useFleetStore.getState().setFleet(pending);
      pending = null;
    },
    onDrop: (count) => useFleetStore.getState().addDropped(count),
  });

  const options: IClientOptions = {
    clientId: `fleet-console-${randomSuffix()}`,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 3000,
    connectTimeout: 10_000,
    // Nothing piles up while the broker is away: a command is either sent or refused.
    queueQoSZero: false,
    ...(settings.username ? { username: settings.username } : {}),
    ...(settings.password ? { password: settings.password } : {}),
  };
  store.setConnection({ phase: 'connecting', broker });
  const client: MqttClient = mqtt.connect(broker, options);
  let screenshotTopic: string | null = null;
  let problem: string | null = null;

  client.on('connect', () => {
    problem = null;
    useFleetStore.getState().setConnection({ phase: 'connected', broker });
    const topics = consoleSubscriptions(prefix);
    if (screenshotTopic) topics.push({ topic: screenshotTopic, qos: 1 });
    for (const { topic, qos } of topics) client.subscribe(topic, { qos });
  });
  client.on('reconnect', () => {
    useFleetStore.getState().setConnection({ phase: 'reconnecting', broker, problem });
  });
  client.on('close', () => {
    if (useFleetStore.getState().connection.phase === 'connected') {
      useFleetStore.getState().setConnection({ phase: 'reconnecting', broker, problem });
    }
  });
  client.on('error', (error) => {
    problem = describeProblem(error);
    useFleetStore.getState().setConnection({ phase: 'reconnecting', broker, problem });
  });
  client.on('message', (topic, payload, packet) => {
    batcher.push({ topic, payload, retained: packet.retain, receivedAt: Date.now() });
  });

  return {
    prefix,
    publish(topic, payload, { retain }) {
      if (!client.connected) return Promise.reject(new Error('Not connected to the broker'));
      return new Promise((resolve, reject) => {
        client.publish(topic, payload, { qos: 1, retain }, (error) => {
          if (error) reject(error);
          else resolve();
        });
      });
    },
    watchScreenshot(kioskId) {
      const next = kioskId ? kioskTopics(prefix, kioskId).screenshot : null;
      if (next === screenshotTopic) return;
      if (screenshotTopic) client.unsubscribe(screenshotTopic);
      screenshotTopic = next;
      if (next && client.connected) client.subscribe(next, { qos: 1 });
    },
    close() {
      batcher.clear();
      client.end(true);
      useFleetStore.getState().setConnection({ phase: 'idle' });
    },
  };
}
