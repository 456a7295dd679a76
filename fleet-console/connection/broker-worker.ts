/**
 * The console's MQTT connection, in a dedicated worker: MQTT.js over WebSockets, straight
 * to the broker (nothing of ours in between). It subscribes to every kiosk's retained
 * status, health and config and to the acks, and hands each message to its inbox
 * (worker-inbox.ts: size limit, JSON and schema, never a throw), which posts what it read
 * to the page in batches, screenshots' bytes transferred, not copied. The page's main
 * thread then only folds views into its state.
 *
 * A feature may run a part of its own here, a keeper given each round of what was read and
 * asked questions by its part of the page: the fleet keeps every kiosk's state in it and
 * posts the page a view of it (fleet/fleet-worker.ts, the worker's entry, which starts this).
 *
 * Settings that name a cluster's nodes connect to one at random and, after each loss, to
 * another (broker-rotation.ts): MQTT.js asks for the URL at every connect.
 */
// MQTT.js's browser build has a default export only.
import mqtt, { type MqttClient } from 'mqtt';
import { SUBSCRIPTION_QOS } from '@shared/fleet/topics';
import { consoleSubscriptions } from '../protocol/fleet-topics';
import { createBrokerRotation } from './broker-rotation';
import { describeProblem, type FromWorker, type ToWorker } from './broker-protocol';
import type { ReadMessage } from '../protocol/read-message';
import { createReconnector } from './reconnector';
import { createWorkerInbox } from './worker-inbox';

/** A feature's part of the worker. */
export interface WorkerKeeper {
  /** Each round of read messages, once, before it is posted to the page. */
  keep(messages: readonly ReadMessage[]): void;
  /** A question from the feature's part of the page (BrokerSession.ask). */
  ask(question: unknown): void;
}

/** Tells the feature's part of the page (its FeatureSession.answered). */
export type Answer = (answer: unknown) => void;

/** Sessions in a row that ended soon after they opened before the console says why. */
const TAKEN_OVER_AFTER = 2;

/** What the console says when its sessions keep ending: likely another client on its login. */
function takenOver(username: string): string {
  return `The broker keeps closing this console’s session soon after it opens: another console or tool may be signed in as ${username || 'this login'}. The broker keeps one session per login: close the other, or give it a login of its own.`;
}

let client: MqttClient | null = null;
let problem: string | null = null;
const watched = new Set<string>();

function post(message: FromWorker, transfer: Transferable[] = []): void {
  postMessage(message, { transfer });
}

function connect(settings: ToWorker & { type: 'connect' }, keeper: WorkerKeeper | null): void {
  const { brokers: urls, username, password, topicPrefix } = settings.settings;
  const inbox = createWorkerInbox({
    prefix: topicPrefix,
    post: (messages, transfer) => post({ type: 'messages', messages }, transfer),
    ...(keeper ? { keep: (messages) => keeper.keep(messages) } : {}),
  });
  const brokers = createBrokerRotation(urls);
  const connection = mqtt.connect(brokers.current(), {
    transformWsUrl: () => brokers.current(),
    clientId: settings.clientId,
    clean: true,
    keepalive: 30,
    // Reconnects follow the fleet's backoff with full jitter (reconnector.ts), not a period.
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    // Nothing piles up while the broker is away: a command is either sent or refused.
    queueQoSZero: false,
    // A worker's own timers keep time in a hidden tab; no second worker is needed for them.
    timerVariant: 'native',
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  });
  client = connection;
  const reconnector = createReconnector({ reconnect: () => connection.reconnect() });
  connection.on('connect', () => {
    reconnector.connected();
    problem = null;
    post({ type: 'phase', phase: 'connected', problem, broker: brokers.current() });
    const topics = consoleSubscriptions(topicPrefix);
    for (const topic of watched) topics.push({ topic, qos: SUBSCRIPTION_QOS });
    for (const { topic, qos } of topics) connection.subscribe(topic, { qos });
  });
  connection.on('reconnect', () =>
    post({ type: 'phase', phase: 'reconnecting', problem, broker: brokers.current() }),
  );
  connection.on('close', () => {
    brokers.leave();
    reconnector.lost();
    if (reconnector.shortSessions() >= TAKEN_OVER_AFTER) problem = takenOver(username);
    post({ type: 'phase', phase: 'reconnecting', problem, broker: brokers.current() });
  });
  connection.on('error', (error) => {
    problem = describeProblem(error);
    post({ type: 'phase', phase: 'reconnecting', problem, broker: brokers.current() });
  });
  connection.on('message', (topic, payload, packet) => {
    inbox.receive(topic, payload, packet.retain);
  });
}

/** Starts the worker: called once, by its entry, with the feature's part if there is one. */
export function runBrokerWorker(makeKeeper?: (answer: Answer) => WorkerKeeper): void {
  const keeper = makeKeeper?.((answer) => post({ type: 'answer', answer })) ?? null;
  onmessage = (event: MessageEvent<ToWorker>) => handle(event.data, keeper);
}

function handle(message: ToWorker, keeper: WorkerKeeper | null): void {
  switch (message.type) {
    case 'connect':
      if (!client) connect(message, keeper);
      break;
    case 'ask':
      keeper?.ask(message.question);
      break;
    case 'publish': {
      const { requestId, topic, payload, retain, qos } = message;
      if (!client?.connected) {
        post({ type: 'published', requestId, error: 'Not connected to the broker' });
        break;
      }
      client.publish(topic, payload, { qos, retain }, (error) => {
        post({ type: 'published', requestId, error: error ? error.message : null });
      });
      break;
    }
    case 'subscribe-once': {
      const { requestId, topic } = message;
      if (!client?.connected) {
        post({ type: 'subscribed', requestId, error: 'Not connected to the broker' });
        break;
      }
      client.subscribe(topic, { qos: SUBSCRIPTION_QOS }, (error, granted) => {
        const refused = granted?.some((grant) => grant.qos === 128) ?? false;
        post({
          type: 'subscribed',
          requestId,
          error: error ? error.message : refused ? 'The broker refused the subscription' : null,
        });
      });
      break;
    }
    case 'unsubscribe-once':
      if (client?.connected) client.unsubscribe(message.topic);
      break;
    case 'subscribe':
      watched.add(message.topic);
      if (client?.connected) client.subscribe(message.topic, { qos: SUBSCRIPTION_QOS });
      break;
    case 'unsubscribe':
      watched.delete(message.topic);
      if (client?.connected) client.unsubscribe(message.topic);
      break;
  }
}
