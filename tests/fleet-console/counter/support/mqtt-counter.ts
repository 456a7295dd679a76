/**
 * A pickup counter in Node: the counter's own handover desk (fleet-console/counter/handover-desk.ts)
 * on its own MQTT.js connection, with a counter's broker login, fed every message of the
 * handover topics, as the console's broker worker feeds it in the browser (at its QoS).
 */
import mqtt, { type MqttClient } from 'mqtt';
import {
  createHandoverDesk,
  type HandoverDesk,
  type HandoverQueueStore,
  type HandoverTransport,
  type QueuedHandover,
} from '../../../../fleet-console/counter/handover-desk';
import type { Mosquitto } from '../../../support/mosquitto';
import { SUBSCRIPTION_QOS } from '../../../../shared/fleet/topics';

export const COUNTER_PASSWORD = 'counter-secret';

export interface TestCounter {
  name: string;
  desk: HandoverDesk;
  client: MqttClient;
  /** What the queue store last kept (as localStorage would). */
  stored: () => readonly QueuedHandover[];
  /** Drops the connection without a word, as a crashed or unplugged counter. */
  drop(): void;
  /** A fresh connection with the same desk (the page came back). */
  reconnect(): Promise<void>;
  close(): Promise<void>;
}

export interface CounterSetup {
  /** Broker login; one of the counters the broker was started with. */
  user: string;
  /** As staff see it in records ("Counter 1"). */
  name: string;
  /** Wraps the transport, e.g. to lose a publish. */
  wrap?: (transport: HandoverTransport) => HandoverTransport;
  stepTimeoutMs?: number;
  initialQueue?: QueuedHandover[];
}

export function memoryQueue(initial: QueuedHandover[] = []): HandoverQueueStore & {
  kept: QueuedHandover[];
} {
  const store = {
    kept: [...initial],
    load: () => [...store.kept],
    save: (entries: readonly QueuedHandover[]) => {
      store.kept = [...entries];
      return true;
    },
  };
  return store;
}

export async function startCounter(broker: Mosquitto, setup: CounterSetup): Promise<TestCounter> {
  const connect = () =>
    mqtt.connectAsync(broker.tcpUrl, {
      username: setup.user,
      password: COUNTER_PASSWORD,
      reconnectPeriod: 0,
      clean: true,
    });
  let client = await connect();
  const transport: HandoverTransport = {
    subscribe: async (topic) => {
      const granted = await client.subscribeAsync(topic, { qos: SUBSCRIPTION_QOS });
      if (granted.some((grant) => grant.qos === 128)) throw new Error('subscription refused');
    },
    unsubscribe: (topic) => {
      if (client.connected) void client.unsubscribeAsync(topic).catch(() => undefined);
    },
    publish: async (topic, payload, { retain }) => {
      if (!client.connected) throw new Error('not connected');
      await client.publishAsync(topic, payload, { qos: 1, retain });
    },
    connected: () => client.connected,
  };
  const queue = memoryQueue(setup.initialQueue);
  const desk = createHandoverDesk({
    prefix: broker.prefix,
    transport: setup.wrap ? setup.wrap(transport) : transport,
    queue,
    ...(setup.stepTimeoutMs ? { stepTimeoutMs: setup.stepTimeoutMs } : {}),
  });
  const listen = (connection: MqttClient): void => {
    connection.on('message', (topic, payload, packet) => {
      desk.receive(topic, new Uint8Array(payload), packet.retain);
    });
  };
  listen(client);
  return {
    name: setup.name,
    desk,
    get client() {
      return client;
    },
    stored: () => queue.kept,
    drop: () => {
      client.stream.destroy();
      client.end(true);
    },
    reconnect: async () => {
      client.end(true);
      client = await connect();
      listen(client);
    },
    close: async () => {
      await client.endAsync(true);
    },
  };
}
