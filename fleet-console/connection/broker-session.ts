/**
 * The page's side of the console's MQTT connection, which runs in a worker
 * (broker-worker.ts), which also reads them: batches of read messages are folded into the
 * store once per frame, within a time budget (frame-batcher.ts); commands and configs are published
 * through it; one kiosk's screenshot is watched at a time.
 */
import { kioskTopics } from '@shared/fleet/topics';
import { handoverClaimTopic, handoverTopic } from '@shared/fleet/trust-topics';
import { startFold, type FleetFold } from '../fleet/fleet-state';
import { isKioskMessage } from '../fleet/fleet-viewer';
import { isTrustMessage, type ReadMessage, type TrustMessage } from '../fleet/read-message';
import { useFleetStore } from '../fleet/fleet-store';
import { useRolloutStore } from '../rollouts/rollout-store';
import { createCertificateGate } from '../trust/certificate-gate';
import { useTrustStore } from '../trust/trust-store';
import { pageSubtle } from '../lib/page-crypto';
import { useDiagnosticsStore } from '../kiosks/diagnostics-store';
import { diagnosticsTopic } from '@shared/fleet/topics';
import type { DiagnosticsChunk } from '@shared/fleet/diagnostics-transfer';
import type { FromWorker, ToWorker } from './broker-protocol';
import type { BrokerSession } from './broker-session-handle';
import { isBrokerCluster, type ConsoleSettings } from './console-settings';
import { createFrameBatcher } from './frame-batcher';

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Commits come at most every size / KIOSKS_PER_MS ms, up to MAX_COMMIT_INTERVAL_MS: every
 * frame for a shop's few kiosks, five times a second at 10,000.
 */
const KIOSKS_PER_MS = 50;
const MAX_COMMIT_INTERVAL_MS = 200;

export function openBrokerSession(settings: ConsoleSettings): BrokerSession {
  const store = useFleetStore.getState();
  store.reset();
  useTrustStore.getState().reset();
  useDiagnosticsStore.getState().reset();
  const prefix = settings.topicPrefix;
  useRolloutStore.getState().reset(prefix);
  const broker = settings.brokerUrl;
  /** The frame's fold: its chunks and its commit run in one go, so nothing comes between. */
  let pending: FleetFold | null = null;

  const batcher = createFrameBatcher<ReadMessage>({
    process(chunk) {
      (pending ??= startFold(useFleetStore.getState().fleet)).fold(chunk);
    },
    commit() {
      if (pending) useFleetStore.getState().setFleet(pending.done());
      pending = null;
    },
    commitIntervalMs: () =>
      Math.min(MAX_COMMIT_INTERVAL_MS, useFleetStore.getState().kiosks.size / KIOSKS_PER_MS),
    onDrop: (count) => useFleetStore.getState().addDropped(count),
  });

  const worker = new Worker(new URL('./broker-worker.ts', import.meta.url), { type: 'module' });
  const send = (message: ToWorker) => worker.postMessage(message);
  const requests = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextRequest = 1;
  let screenshotTopic: string | null = null;
  const diagnosticsTopics = new Set<string>();
  let connected = false;
  const handoverListeners = new Set<
    (topic: string, payload: Uint8Array, retained: boolean) => void
  >();

  let closed = false;
  const gate = createCertificateGate(prefix, settings.enrolmentPublicKey.trim(), pageSubtle());
  /** Trust batches are folded in order, each once its certificates have been checked. */
  let folding: Promise<void> = Promise.resolve();

  const request = (send_: (requestId: number) => void): Promise<void> =>
    new Promise((resolve, reject) => {
      const requestId = nextRequest++;
      requests.set(requestId, { resolve, reject });
      send_(requestId);
    });

  /**
   * Enrolment and handover messages skip the frame batcher: they are few, never dropped,
   * and the handover desk needs them in order, at once. The trust store takes them in
   * order too, once the gate has checked their certificates under the pinned key.
   */
  const takeTrust = (messages: ReadMessage[]): ReadMessage[] => {
    const trust: Extract<ReadMessage, TrustMessage>[] = [];
    const rest: ReadMessage[] = [];
    for (const message of messages) {
      if (isTrustMessage(message)) trust.push(message);
      else rest.push(message);
    }
    if (trust.length === 0) return rest;
    for (const message of trust) {
      if (message.kind !== 'handover' && message.kind !== 'handover-claim') continue;
      const topic = (message.kind === 'handover' ? handoverTopic : handoverClaimTopic)(
        prefix,
        message.kioskId,
        message.receiptId,
      );
      for (const listener of [...handoverListeners]) {
        listener(topic, message.payload, message.retained);
      }
    }
    folding = folding
      .then(async () => {
        const checked = await gate(trust);
        if (!closed) useTrustStore.getState().fold(checked);
      })
      .catch(() => undefined);
    return rest;
  };

  /**
   * Diagnostics chunks skip the frame batcher too (it may drop under load; a transfer must
   * not lose a chunk), and the acks of diagnostics commands reach their transfers at once.
   */
  const takeDiagnostics = (messages: ReadMessage[]): ReadMessage[] => {
    const diagnostics = useDiagnosticsStore.getState();
    const chunks: { kioskId: string; chunk: DiagnosticsChunk }[] = [];
    const rest: ReadMessage[] = [];
    for (const message of messages) {
      if (message.kind === 'diagnostics-chunk' && message.chunk) {
        chunks.push({ kioskId: message.kioskId, chunk: message.chunk });
        continue;
      }
      if (message.kind === 'ack' && message.ack?.command === 'diagnostics') {
        const { ok, error, id } = message.ack;
        diagnostics.ack(message.kioskId, id, error === null ? { ok } : { ok, error });
      }
      rest.push(message);
    }
    if (chunks.length > 0) diagnostics.chunks(chunks);
    return rest;
  };

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    switch (message.type) {
      case 'phase':
        connected = message.phase === 'connected';
        useFleetStore
          .getState()
          .setConnection(
            message.phase === 'connected'
              ? { phase: 'connected', broker }
              : { phase: 'reconnecting', broker, problem: message.problem },
          );
        break;
      case 'messages':
        // Rollouts see every message at once: a kiosk's status or health may decide a gate.
        useRolloutStore.getState().fold(message.messages);
        for (const received of takeTrust(takeDiagnostics(message.messages))) {
          // The worker keeps the kiosks' state and posts its view of them ('view').
          if (
            received.kind !== 'rollout' &&
            received.kind !== 'rollout-cleared' &&
            !isKioskMessage(received)
          ) {
            batcher.push(received);
          }
        }
        break;
      case 'view':
        if (!closed) useFleetStore.getState().setView(message.view);
        break;
      case 'subscribed':
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
    cluster: isBrokerCluster(broker),
    publish(topic, payload, { retain, qos = 1 }) {
      return request((requestId) =>
        send({ type: 'publish', requestId, topic, payload, retain, qos }),
      );
    },
    handovers: {
      subscribe: (topic) =>
        request((requestId) => send({ type: 'subscribe-once', requestId, topic })),
      unsubscribe: (topic) => send({ type: 'unsubscribe-once', topic }),
      connected: () => connected,
      onMessage: (listener) => {
        handoverListeners.add(listener);
        return () => handoverListeners.delete(listener);
      },
    },
    watchScreenshot(kioskId) {
      const next = kioskId ? kioskTopics(prefix, kioskId).screenshot : null;
      if (next === screenshotTopic) return;
      if (screenshotTopic) send({ type: 'unsubscribe', topic: screenshotTopic });
      screenshotTopic = next;
      if (next) send({ type: 'subscribe', topic: next });
    },
    viewFleet(request) {
      send({ type: 'view', request });
    },
    watchDiagnostics(kioskId) {
      const topic = diagnosticsTopic(prefix, kioskId);
      if (diagnosticsTopics.has(topic)) return Promise.resolve();
      diagnosticsTopics.add(topic);
      // Renewed on every reconnect, like the screenshot's; resolved once the broker granted it.
      send({ type: 'subscribe', topic });
      return request((requestId) => send({ type: 'subscribe-once', requestId, topic }));
    },
    close() {
      closed = true;
      batcher.clear();
      // Ending the worker drops its socket; the broker forgets a clean-session console.
      worker.terminate();
      for (const request of requests.values()) request.reject(new Error('The console closed'));
      requests.clear();
      handoverListeners.clear();
      connected = false;
      useFleetStore.getState().setConnection({ phase: 'idle' });
    },
  };
}
