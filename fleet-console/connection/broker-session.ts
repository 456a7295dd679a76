/**
 * The page's side of the console's MQTT connection, which runs in a worker
 * (broker-worker.ts), which also reads them: batches of read messages are folded into the
 * store once per frame, within a time budget (frame-batcher.ts); commands and configs are published
 * through it; one kiosk's screenshot is watched at a time.
 */
import { kioskTopics } from '@shared/fleet/topics';
import { foldMessages, type FleetState } from '../fleet/fleet-state';
import type { ReadMessage } from '../fleet/read-message';
import { useFleetStore } from '../fleet/fleet-store';
import type { FromWorker, ToWorker } from './broker-protocol';
import type { BrokerSession } from './broker-session-handle';
import type { ConsoleSettings } from './console-settings';
import { createFrameBatcher } from './frame-batcher';

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function openBrokerSession(settings: ConsoleSettings): BrokerSession {
  const store = useFleetStore.getState();
  store.reset();
  const prefix = settings.topicPrefix;
  const broker = settings.brokerUrl;
  let pending: FleetState | null = null;

  const batcher = createFrameBatcher<ReadMessage>({
    process(chunk) {
      pending = foldMessages(pending ?? useFleetStore.getState().fleet, chunk);
    },
    commit() {
      if (pending) useFleetStore.getState().setFleet(pending);
      pending = null;
    },
    onDrop: (count) => useFleetStore.getState().addDropped(count),
  });

  const worker = new Worker(new URL('./broker-worker.ts', import.meta.url), { type: 'module' });
  const send = (message: ToWorker) => worker.postMessage(message);
  const requests = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextRequest = 1;
  let screenshotTopic: string | null = null;

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    switch (message.type) {
      case 'phase':
        useFleetStore
          .getState()
          .setConnection(
            message.phase === 'connected'
              ? { phase: 'connected', broker }
              : { phase: 'reconnecting', broker, problem: message.problem },
          );
        break;
      case 'messages':
        for (const received of message.messages) batcher.push(received);
        break;
      case 'published': {
        const request = requests.get(message.requestId);
        requests.delete(message.requestId);
        if (message.error === null) request?.resolve();
        else request?.reject(new Error(message.error));
        break;
      }
    }
  };
  worker.onerror = () => {
    useFleetStore.getState().setConnection({
      phase: 'reconnecting',
      broker,
      problem: 'The console’s connection worker failed to start',
    });
  };

  store.setConnection({ phase: 'connecting', broker });
  send({ type: 'connect', settings, clientId: `fleet-console-${randomSuffix()}` });

  return {
    prefix,
    publish(topic, payload, { retain }) {
      return new Promise((resolve, reject) => {
        const requestId = nextRequest++;
        requests.set(requestId, { resolve, reject });
        send({ type: 'publish', requestId, topic, payload, retain });
      });
    },
    watchScreenshot(kioskId) {
      const next = kioskId ? kioskTopics(prefix, kioskId).screenshot : null;
      if (next === screenshotTopic) return;
      if (screenshotTopic) send({ type: 'unsubscribe', topic: screenshotTopic });
      screenshotTopic = next;
      if (next) send({ type: 'subscribe', topic: next });
    },
    close() {
      batcher.clear();
      // Ending the worker drops its socket; the broker forgets a clean-session console.
      worker.terminate();
      for (const request of requests.values()) request.reject(new Error('The console closed'));
      requests.clear();
      useFleetStore.getState().setConnection({ phase: 'idle' });
    },
  };
}
