/**
 * The page's side of the console's MQTT connection, which runs in a worker
 * (broker-worker.ts), which also reads the messages: each batch it posts is handed to the
 * features by their routes (message-routes.ts); publishes and subscriptions go through it,
 * each answered when the broker has answered.
 */
import type { FromWorker, ToWorker } from './broker-protocol';
import type { BrokerSession } from './broker-session-handle';
import { brokerListText } from './broker-list';
import { useConnectionStore } from './connection-store';
import type { ConsoleSettings } from './console-settings';
import { createRouteTable, type SessionFeature } from './message-routes';

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a session is made of, beside its settings: the app composes it (app/session-features.ts). */
export interface SessionParts {
  /** The worker the connection runs in: the broker worker, with a feature's part of it. */
  startWorker: () => Worker;
  /** Each opened as the session opens, in this order, which is the order routes are handed a batch. */
  features: readonly SessionFeature[];
}

interface PendingRequest {
  resolve: () => void;
  reject: (error: Error) => void;
}

export function openBrokerSession(settings: ConsoleSettings, parts: SessionParts): BrokerSession {
  const opened = parts.features.map((feature) => feature.open(settings));
  const routes = createRouteTable(opened.flatMap((feature) => feature.routes));
  const nodes = settings.brokers.length;
  let broker = settings.brokers[0] ?? brokerListText(settings.brokers);
  const setConnection = useConnectionStore.getState().setConnection;
  const worker = parts.startWorker();
  const send = (message: ToWorker) => worker.postMessage(message);
  const requests = new Map<number, PendingRequest>();
  let nextRequest = 1;
  let connected = false;

  const request = (send_: (requestId: number) => void): Promise<void> =>
    new Promise((resolve, reject) => {
      const requestId = nextRequest++;
      requests.set(requestId, { resolve, reject });
      send_(requestId);
    });

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    switch (message.type) {
      case 'phase':
        connected = message.phase === 'connected';
        broker = message.broker;
        setConnection(
          message.phase === 'connected'
            ? { phase: 'connected', broker, nodes }
            : { phase: 'reconnecting', broker, nodes, problem: message.problem },
        );
        break;
      case 'messages':
        routes.dispatch(message.messages);
        break;
      case 'answer':
        for (const feature of opened) feature.answered?.(message.answer);
        break;
      case 'subscribed':
      case 'published': {
        const pending = requests.get(message.requestId);
        requests.delete(message.requestId);
        if (message.error === null) pending?.resolve();
        else pending?.reject(new Error(message.error));
        break;
      }
    }
  };
  worker.onerror = () => {
    setConnection({
      phase: 'reconnecting',
      broker,
      nodes,
      problem: 'The console’s connection worker failed to start',
    });
  };

  setConnection({ phase: 'connecting', broker, nodes });
  send({ type: 'connect', settings, clientId: `fleet-console-${randomSuffix()}` });

  return {
    prefix: settings.topicPrefix,
    publish(topic, payload, { retain, qos = 1 }) {
      return request((requestId) =>
        send({ type: 'publish', requestId, topic, payload, retain, qos }),
      );
    },
    watch: (topic) => send({ type: 'subscribe', topic }),
    unwatch: (topic) => send({ type: 'unsubscribe', topic }),
    subscribeOnce: (topic) =>
      request((requestId) => send({ type: 'subscribe-once', requestId, topic })),
    unsubscribeOnce: (topic) => send({ type: 'unsubscribe-once', topic }),
    connected: () => connected,
    ask: (question) => send({ type: 'ask', question }),
    close() {
      for (const feature of opened) feature.close?.();
      // Ending the worker drops its socket; the broker forgets a clean-session console.
      worker.terminate();
      for (const pending of requests.values()) pending.reject(new Error('The console closed'));
      requests.clear();
      connected = false;
      setConnection({ phase: 'idle' });
    },
  };
}
