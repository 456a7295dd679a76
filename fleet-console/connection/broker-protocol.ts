/**
 * What the page and the broker worker say to each other. The MQTT connection lives in a
 * worker (broker-worker.ts) so that MQTT.js's parsing of a burst (1,000 kiosks' retained
 * status and health on connecting, or their health falling due together) never blocks the
 * page. The worker also reads each message (JSON and schema, protocol/read-message.ts), so
 * the page gets them checked, in batches. What a feature runs in the worker (the fleet's
 * kiosks: fleet/fleet-worker.ts) is asked and answers through `ask` and `answer`, which the
 * connection passes on unread.
 */
import type { ReadMessage } from '../protocol/read-message';
import type { ConsoleSettings } from './console-settings';

export type ToWorker =
  | { type: 'connect'; settings: ConsoleSettings; clientId: string }
  /** A question for the features' part of the worker. */
  | { type: 'ask'; question: unknown }
  | {
      type: 'publish';
      requestId: number;
      topic: string;
      payload: string;
      retain: boolean;
      qos: 0 | 1;
    }
  | { type: 'subscribe' | 'unsubscribe'; topic: string }
  /** A one-off subscription the page waits for (a diagnostics transfer's), not renewed on reconnect. */
  | { type: 'subscribe-once'; requestId: number; topic: string }
  | { type: 'unsubscribe-once'; topic: string };

export type WorkerPhase = 'connected' | 'reconnecting' | 'closed';

export type FromWorker =
  /** `broker`: the node the worker is on, or trying, of the settings' list. */
  | { type: 'phase'; phase: WorkerPhase; problem: string | null; broker: string }
  | { type: 'messages'; messages: ReadMessage[] }
  /** What the features' part of the worker tells the page. */
  | { type: 'answer'; answer: unknown }
  | { type: 'published'; requestId: number; error: string | null }
  | { type: 'subscribed'; requestId: number; error: string | null };

/** The broker's refusal in words an operator can act on. */
export function describeProblem(error: Error & { code?: unknown }): string {
  if (error.code === 4 || error.code === 134) return 'The broker refused the user name or password';
  if (error.code === 5 || error.code === 135) {
    return 'The broker refused this user (not authorised)';
  }
  return error.message || 'The broker cannot be reached';
}
