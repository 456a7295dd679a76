/**
 * Diagnostics' part in each broker session. Chunks skip the frame batcher (it may drop
 * under load; a transfer must not lose a chunk), and the acks of diagnostics commands reach
 * their transfers at once. A kiosk's chunk topic is subscribed to when its transfer is
 * asked for, and kept for the session.
 */
import type { DiagnosticsChunk } from '@shared/fleet/diagnostics-transfer';
import { diagnosticsTopic } from '@shared/fleet/topics';
import type { BrokerSession } from '../../connection/broker-session-handle';
import { route, type SessionFeature } from '../../connection/message-routes';
import { useDiagnosticsStore } from './diagnostics-store';

export const diagnosticsFeature: SessionFeature = {
  open() {
    useDiagnosticsStore.getState().reset();
    return {
      routes: [
        route(['diagnostics-chunk', 'ack'], (messages) => {
          const diagnostics = useDiagnosticsStore.getState();
          const chunks: { kioskId: string; chunk: DiagnosticsChunk }[] = [];
          for (const message of messages) {
            if (message.kind === 'diagnostics-chunk') {
              if (message.chunk) chunks.push({ kioskId: message.kioskId, chunk: message.chunk });
            } else if (message.ack?.command === 'diagnostics') {
              const { ok, error, id } = message.ack;
              diagnostics.ack(message.kioskId, id, error === null ? { ok } : { ok, error });
            }
          }
          if (chunks.length > 0) diagnostics.chunks(chunks);
        }),
      ],
    };
  },
};

/** The chunk topics each session subscribed to. */
const watching = new WeakMap<BrokerSession, Set<string>>();

/**
 * Subscribes to this kiosk's diagnostics chunks (kept for the session, renewed on every
 * reconnect, like the screenshot's); resolves once the broker has granted it, so a command
 * sent after it cannot outrun the subscription.
 */
export function watchDiagnostics(session: BrokerSession, kioskId: string): Promise<void> {
  const topic = diagnosticsTopic(session.prefix, kioskId);
  const topics = watching.get(session) ?? new Set<string>();
  watching.set(session, topics);
  if (topics.has(topic)) return Promise.resolve();
  topics.add(topic);
  session.watch(topic);
  return session.subscribeOnce(topic);
}
