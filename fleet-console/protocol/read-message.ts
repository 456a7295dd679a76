/**
 * One received MQTT message read into what the console keeps of it: its topic understood,
 * its size checked against its topic's limit (shared/fleet/message-limits.ts) before a
 * byte is decoded, its UTF-8 JSON parsed and checked against the fleet's schemas (status,
 * health, ack, config envelope). Pure, so it runs where it is cheapest: in the broker
 * worker, which posts the page only what it read. With 1,000 kiosks sending health every
 * 5 s that is 200 parses and schema checks a second kept off the page's main thread.
 */
import { canonicalJsonOrNull } from '@shared/fleet/canonical-json';
import {
  readCertificateMessage,
  readEnrolmentRequest,
  type CertificateEnvelope,
  type EnrolmentRequest,
} from '@shared/fleet/trust/kiosk-certificate';
import { readRolloutState, type RolloutState } from '../rollouts/engine/rollout-state';
import { parseRolloutTopic } from '@shared/fleet/topics';
import { parseTrustTopic } from '@shared/fleet/trust/trust-topics';
import { readDiagnosticsChunk, type DiagnosticsChunk } from '@shared/fleet/diagnostics-transfer';
import { parseDiagnosticsTopic } from '@shared/fleet/topics';
import { MESSAGE_LIMITS } from '@shared/fleet/message-limits';
import { readAck, type AckView } from './ack-view';
import { readConfigEnvelope, type ConfigEnvelope } from './config-envelope';
import { parseTopic } from './fleet-topics';
import { readHealth, type HealthView } from './health-view';
import { readStatus, type StatusView } from './status-view';

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
  /** One chunk of a diagnostics bundle; null: too large or malformed. */
  | { kind: 'diagnostics-chunk'; kioskId: string; chunk: DiagnosticsChunk | null }
  | TrustMessage
  /** A staged rollout's state (null: unreadable); `…-cleared`: emptied from the broker. */
  | { kind: 'rollout'; rolloutId: string; state: RolloutState | null }
  | { kind: 'rollout-cleared'; rolloutId: string }
  /** Nothing to fold in but a count: too large to read, or the reader failed on it. */
  | { kind: 'ignored' }
);

/**
 * Enrolment requests and certificates (trust-topics.ts), read but not yet trusted:
 * certificates are checked where they are used (the enrolment view), with WebCrypto.
 * `null` views are malformed payloads; `…-cleared` an empty retained message.
 */
export type TrustMessage =
  | { kind: 'enrolment-request'; kioskId: string; request: EnrolmentRequest | null }
  | { kind: 'enrolment-cleared'; kioskId: string }
  | { kind: 'certificate'; kioskId: string; serial: string; envelope: CertificateEnvelope | null }
  | { kind: 'certificate-cleared'; kioskId: string; serial: string };

/** The kinds of trust message (the trust feature's route takes them all). */
export const TRUST_MESSAGE_KINDS = [
  'enrolment-request',
  'enrolment-cleared',
  'certificate',
  'certificate-cleared',
] as const satisfies readonly TrustMessage['kind'][];

export const TRUST_KINDS: ReadonlySet<string> = new Set<TrustMessage['kind']>(TRUST_MESSAGE_KINDS);

export function isTrustMessage(
  message: ReadMessage,
): message is Extract<ReadMessage, TrustMessage> {
  return TRUST_KINDS.has(message.kind);
}

function readTrustMessage(prefix: string, topic: string, payload: Uint8Array): TrustMessage | null {
  const parsed = parseTrustTopic(prefix, topic);
  if (!parsed) return null;
  const empty = payload.byteLength === 0;
  switch (parsed.kind) {
    case 'enrolment':
      return empty
        ? { kind: 'enrolment-cleared', kioskId: parsed.kioskId }
        : {
            kind: 'enrolment-request',
            kioskId: parsed.kioskId,
            request: readEnrolmentRequest(payload),
          };
    case 'certificate':
      return empty
        ? { kind: 'certificate-cleared', kioskId: parsed.kioskId, serial: parsed.serial }
        : {
            kind: 'certificate',
            kioskId: parsed.kioskId,
            serial: parsed.serial,
            envelope: readCertificateMessage(payload),
          };
    case 'revocations':
      // The kiosks' copy of the revocations: the console goes by the shop service's.
      return null;
  }
}

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
  const { retained, receivedAt, payload } = message;
  const trust = readTrustMessage(prefix, message.topic, payload);
  if (trust) return { retained, receivedAt, ...trust };
  const diagnosticsKiosk = parseDiagnosticsTopic(prefix, message.topic);
  if (diagnosticsKiosk !== null) {
    // readDiagnosticsChunk checks the size before it decodes a byte.
    const chunk = readDiagnosticsChunk(payload);
    return { retained, receivedAt, kind: 'diagnostics-chunk', kioskId: diagnosticsKiosk, chunk };
  }
  const rolloutId = parseRolloutTopic(prefix, message.topic);
  if (rolloutId !== null) {
    // readRolloutState checks the size before it decodes a byte.
    return payload.byteLength === 0
      ? { retained, receivedAt, kind: 'rollout-cleared', rolloutId }
      : { retained, receivedAt, kind: 'rollout', rolloutId, state: readRolloutState(payload) };
  }
  const topic = parseTopic(prefix, message.topic);
  if (!topic) return null;
  const kind = topic.kind === 'fleet-config' ? 'config' : topic.leaf;
  // Over the limit, the payload is never decoded: it reads as malformed, or is only counted.
  const tooLarge = payload.byteLength > MESSAGE_LIMITS[kind];
  const readable = tooLarge ? null : payload;
  const empty = payload.byteLength === 0;
  const at = { retained, receivedAt };

  if (topic.kind === 'fleet-config' || topic.leaf === 'config') {
    const target = topic.kind === 'fleet-config' ? 'all' : topic.kioskId;
    if (empty) return { ...at, kind: 'config-cleared', target };
    const result = readConfigEnvelope(parseJson(readable));
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
        : { ...at, kind: 'status', kioskId, status: readStatus(parseJson(readable)) };
    case 'health':
      return empty
        ? null
        : { ...at, kind: 'health', kioskId, health: readHealth(parseJson(readable)) };
    case 'acks':
      return { ...at, kind: 'ack', kioskId, ack: readAck(parseJson(readable)) };
    case 'screenshot':
      if (empty) return null;
      return readable
        ? { ...at, kind: 'screenshot', kioskId, png: readable }
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
