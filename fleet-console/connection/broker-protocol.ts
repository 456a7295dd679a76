/**
 * What the page and the broker worker say to each other. The MQTT connection lives in a
 * worker (broker-worker.ts) so that MQTT.js's parsing of a burst (1,000 kiosks' retained
 * status and health on connecting, or their health falling due together) never blocks the
 * page. The worker also reads each message (JSON and schema, read-message.ts), so the page
 * gets them checked, in batches, and keeps every kiosk's state, so the page gets a view of
 * the fleet rather than the fleet (fleet-viewer.ts).
 */
import type { FleetViewChange, FleetViewRequest } from '../fleet/fleet-viewer';
import type { ReadMessage } from '../fleet/read-message';
import type { ConsoleSettings } from './console-settings';

export type ToWorker =
  | { type: 'connect'; settings: ConsoleSettings; clientId: string }
  /** What the page draws of the fleet the worker keeps (fleet-viewer.ts). */
  | { type: 'view'; request: FleetViewRequest }
  | {
      type: 'publish';
      requestId: number;
      topic: string;
      payload: string;
      retain: boolean;
      qos: 0 | 1;
    }
  | { type: 'subscribe' | 'unsubscribe'; topic: string }
  /** A one-off subscription the page waits for (the handover desk's), not renewed on reconnect. */
  | { type: 'subscribe-once'; requestId: number; topic: string }
  | { type: 'unsubscribe-once'; topic: string };

export type WorkerPhase = 'connected' | 'reconnecting' | 'closed';

export type FromWorker =
  | { type: 'phase'; phase: WorkerPhase; problem: string | null }
  | { type: 'messages'; messages: ReadMessage[] }
  | { type: 'view'; view: FleetViewChange }
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
