/**
 * One received MQTT message read into what the console keeps of it: its topic understood,
 * its size checked against its topic's limit (shared/fleet/message-limits.ts) before a
 * byte is decoded, its UTF-8 JSON parsed and checked against the fleet's schemas (status,
 * health, ack, config envelope). Pure, so it runs where it is cheapest: in the broker
 * worker, which posts the page only what it read. With 1,000 kiosks sending health every
 * 5 s that is 200 parses and schema checks a second kept off the page's main thread.
 */
import { canonicalJsonOrNull } from '@shared/fleet/canonical-json';
import { MESSAGE_LIMITS } from '@shared/fleet/message-limits';
import { readAck, type AckView } from '../protocol/ack-view';
import { readConfigEnvelope, type ConfigEnvelope } from '../protocol/config-envelope';
import { parseTopic } from '../protocol/fleet-topics';
import { readHealth, type HealthView } from '../protocol/health-view';
import { readStatus, type StatusView } from '../protocol/status-view';

export interface FleetMessage {
  topic: string;
  payload: Uint8Array;
  /** Delivered from the broker's retained store on subscribing, not live. */
  retained: boolean;
  /** When the console received it (ms). */
  receivedAt: number;
}

/** A message as the fleet state folds it in; `null` views are malformed payloads. */
export type ReadMessage = { retained: boolean; receivedAt: number } & (
  | { kind: 'config'; target: string; envelope: ConfigEnvelope | null }
  /** An empty retained config: withdrawn from the broker. */
  | { kind: 'config-cleared'; target: string }
  | { kind: 'status'; kioskId: string; status: StatusView | null }
  /** An empty retained status: the operator retired the kiosk. */
  | { kind: 'status-cleared'; kioskId: string }
  | { kind: 'health'; kioskId: string; health: HealthView | null }
  | { kind: 'ack'; kioskId: string; ack: AckView | null }
  | { kind: 'screenshot'; kioskId: string; png: Uint8Array }
  /** Nothing to fold in but a count: too large to read, or the reader failed on it. */
  | { kind: 'ignored' }
);

const decoder = new TextDecoder('utf-8', { fatal: true });

/** JSON of a payload, or undefined when it is not UTF-8 JSON (or too large to read). */
function parseJson(payload: Uint8Array | null): unknown {
  if (!payload) return undefined;
  try {
    return JSON.parse(decoder.decode(payload)) as unknown;
  } catch {
    return undefined;
  }
}

/** What a message means to the console, or null when it means nothing (another topic). */
export function readMessage(prefix: string, message: FleetMessage): ReadMessage | null {
  const topic = parseTopic(prefix, message.topic);
  if (!topic) return null;
  const { retained, receivedAt } = message;
  const kind = topic.kind === 'fleet-config' ? 'config' : topic.leaf;
  // Over the limit, the payload is never decoded: it reads as malformed, or is only counted.
  const tooLarge = message.payload.byteLength > MESSAGE_LIMITS[kind];
  const payload = tooLarge ? null : message.payload;
  const empty = message.payload.byteLength === 0;
  const at = { retained, receivedAt };

  if (topic.kind === 'fleet-config' || topic.leaf === 'config') {
    const target = topic.kind === 'fleet-config' ? 'all' : topic.kioskId;
    if (empty) return { ...at, kind: 'config-cleared', target };
    const result = readConfigEnvelope(parseJson(payload));
    // A config with no canonical form (Infinity, nesting too deep) is one no kiosk takes.
    const envelope =
      result.ok && canonicalJsonOrNull(result.envelope.config) !== null ? result.envelope : null;
    return { ...at, kind: 'config', target, envelope };
  }
  const { kioskId } = topic;
  switch (topic.leaf) {
    case 'status':
      return empty
        ? { ...at, kind: 'status-cleared', kioskId }
        : { ...at, kind: 'status', kioskId, status: readStatus(parseJson(payload)) };
    case 'health':
      return empty
        ? null
        : { ...at, kind: 'health', kioskId, health: readHealth(parseJson(payload)) };
    case 'acks':
      return { ...at, kind: 'ack', kioskId, ack: readAck(parseJson(payload)) };
    case 'screenshot':
      if (empty) return null;
      return payload
        ? { ...at, kind: 'screenshot', kioskId, png: payload }
        : { ...at, kind: 'ignored' };
    default:
      // Commands travel to kiosks; the console does not subscribe to them.
      return null;
  }
}

/** Reads a batch, dropping what means nothing. */
export function readMessages(prefix: string, messages: readonly FleetMessage[]): ReadMessage[] {
  const read: ReadMessage[] = [];
  for (const message of messages) {
    const one = readMessage(prefix, message);
    if (one) read.push(one);
  }
  return read;
}
