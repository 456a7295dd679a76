/**
 * How large a message on each fleet topic may be, in bytes of payload. Every reader checks
 * its topic's limit before it decodes anything (the kiosk's fleet client, the console's
 * broker worker), so a large message costs at most its delivery, never a parse, a schema
 * check or a data URL. The broker refuses anything above the largest of them itself
 * (`max_packet_size` in docs/fleet/broker.md and the test broker), so none of them ever
 * has to hold more than that.
 */
import { MAX_DIAGNOSTICS_CHUNK_BYTES } from './diagnostics-transfer';
import { MAX_CERTIFICATE_BYTES, MAX_ENROLMENT_REQUEST_BYTES } from './trust/kiosk-certificate';
import { MAX_COMMAND_BYTES, MAX_CONFIG_BYTES } from './payloads';
import { MAX_REVOCATION_LIST_BYTES } from './trust/revocation-list';
import type { KioskTopicKind } from './topics';
import { parseTrustTopic, type TrustTopic } from './trust/trust-topics';

const KIB = 1024;

export const MESSAGE_LIMITS: Readonly<Record<KioskTopicKind, number>> = {
  /** `{"state":…}` with a version, a time and a key: a few hundred bytes. */
  status: 4 * KIB,
  /** A report of counts, with at most ten refusals and ten dropped messages: a few KB. */
  health: 64 * KIB,
  acks: 4 * KIB,
  /** A PNG of the attract screen; a kiosk refuses to send a larger one. */
  screenshot: 4 * KIB * KIB,
  commands: MAX_COMMAND_BYTES,
  /** The kiosk's own config and the fleet-wide one (`P/fleet/config`). */
  config: MAX_CONFIG_BYTES,
};

/** The topics of enrolment and trust (trust-topics.ts), by kind. */
export const TRUST_MESSAGE_LIMITS: Readonly<Record<TrustTopic['kind'], number>> = {
  enrolment: MAX_ENROLMENT_REQUEST_BYTES,
  certificate: MAX_CERTIFICATE_BYTES,
  revocations: MAX_REVOCATION_LIST_BYTES,
};

/** The limit of a trust topic; 0 (nothing is read) for a topic that is none of them. */
export function trustMessageLimit(prefix: string, topic: string): number {
  const parsed = parseTrustTopic(prefix, topic);
  return parsed === null ? 0 : TRUST_MESSAGE_LIMITS[parsed.kind];
}

/** The largest message any topic carries. */
export const BROKER_MESSAGE_SIZE_LIMIT = Math.max(
  ...Object.values(MESSAGE_LIMITS),
  ...Object.values(TRUST_MESSAGE_LIMITS),
  MAX_DIAGNOSTICS_CHUNK_BYTES,
);

/**
 * The broker's `max_packet_size`: the largest message with room for its topic and the
 * packet's own header (a kiosk's topic is well under a kilobyte). Mosquitto 2 refuses a
 * larger packet and disconnects whoever sent it.
 */
export const BROKER_PACKET_SIZE_LIMIT = BROKER_MESSAGE_SIZE_LIMIT + 1024;

/** The limit of a topic kind, with a byte count, as a reader reports a refusal. */
export function tooLargeReason(bytes: number, limit: number): string {
  return `too large (${bytes} bytes, at most ${limit})`;
}

/** One chunk of a diagnostics bundle on `P/kiosks/ID/diagnostics` (diagnostics-transfer.ts). */
export const DIAGNOSTICS_MESSAGE_LIMIT = MAX_DIAGNOSTICS_CHUNK_BYTES;
