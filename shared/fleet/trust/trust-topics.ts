/**
 * The topics of trust and handover, beside the kiosk topics of topics.ts: what a kiosk asks
 * to be enrolled on, where the operator's signed certificates and revocation list live, and
 * the one record per receipt that every counter of the shop shares. Built and parsed here
 * only, with every segment checked first, so an id can never widen a subscription.
 *
 *   P/kiosks/ID/enrolment                 a kiosk's enrolment request (retained; the kiosk)
 *   P/kiosks/ID/certificates/SERIAL       a signed kiosk certificate (retained; the operator)
 *   P/fleet/revocations                   the signed revocation list (retained; the operator)
 *   P/handovers/ID/RECEIPT                the handover record (retained; counters)
 *   P/handovers/ID/RECEIPT/claim          the claims that decide who records it (retained; counters)
 *   P/handover-conflicts/ID/RECEIPT       a conflict found after an offline handover (counters)
 */
import { RECEIPT_ID_PATTERN } from '../receipt-code';
import { isValidKioskId, isValidTopicPrefix } from '../topics';

/** A certificate's serial: 16 random bytes, base64url (22 characters); up to 43 accepted. */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{16,43}$/;

function checkPrefix(prefix: string): void {
  if (!isValidTopicPrefix(prefix)) throw new Error('invalid fleet topic prefix');
}

function checkKiosk(kioskId: string): void {
  if (!isValidKioskId(kioskId)) throw new Error('invalid kiosk id');
}

export function enrolmentRequestTopic(prefix: string, kioskId: string): string {
  checkPrefix(prefix);
  checkKiosk(kioskId);
  return `${prefix}/kiosks/${kioskId}/enrolment`;
}

export function certificateTopic(prefix: string, kioskId: string, serial: string): string {
  checkPrefix(prefix);
  checkKiosk(kioskId);
  if (!SERIAL_PATTERN.test(serial)) throw new Error('invalid certificate serial');
  return `${prefix}/kiosks/${kioskId}/certificates/${serial}`;
}

/** Every certificate of one kiosk (a kiosk subscribes to its own). */
export function kioskCertificatesFilter(prefix: string, kioskId: string): string {
  checkPrefix(prefix);
  checkKiosk(kioskId);
  return `${prefix}/kiosks/${kioskId}/certificates/+`;
}

export function revocationsTopic(prefix: string): string {
  checkPrefix(prefix);
  return `${prefix}/fleet/revocations`;
}

export function handoverTopic(prefix: string, kioskId: string, receiptId: string): string {
  checkPrefix(prefix);
  checkKiosk(kioskId);
  if (!RECEIPT_ID_PATTERN.test(receiptId)) throw new Error('invalid receipt id');
  return `${prefix}/handovers/${kioskId}/${receiptId}`;
}

/**
 * Where counters claim a receipt before one of them records its handover: beside the record,
 * not on it, so that a claim arriving after the record can never take its place as the
 * retained message (fleet-console/counter/handover-desk.ts).
 */
export function handoverClaimTopic(prefix: string, kioskId: string, receiptId: string): string {
  return `${handoverTopic(prefix, kioskId, receiptId)}/claim`;
}

export function handoverConflictTopic(prefix: string, kioskId: string, receiptId: string): string {
  checkPrefix(prefix);
  checkKiosk(kioskId);
  if (!RECEIPT_ID_PATTERN.test(receiptId)) throw new Error('invalid receipt id');
  return `${prefix}/handover-conflicts/${kioskId}/${receiptId}`;
}

/** What the console subscribes to for enrolment, certificates, revocations and handovers. */
export function trustSubscriptions(prefix: string): string[] {
  checkPrefix(prefix);
  return [
    `${prefix}/kiosks/+/enrolment`,
    `${prefix}/kiosks/+/certificates/+`,
    `${prefix}/fleet/revocations`,
    `${prefix}/handovers/+/+`,
    `${prefix}/handover-conflicts/+/+`,
  ];
}

export type TrustTopic =
  | { kind: 'enrolment'; kioskId: string }
  | { kind: 'certificate'; kioskId: string; serial: string }
  | { kind: 'revocations' }
  | { kind: 'handover'; kioskId: string; receiptId: string }
  | { kind: 'handover-claim'; kioskId: string; receiptId: string }
  | { kind: 'handover-conflict'; kioskId: string; receiptId: string };

/** What a topic of this file names, or null for any other topic. */
export function parseTrustTopic(prefix: string, topic: string): TrustTopic | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  if (topic === `${prefix}/fleet/revocations`) return { kind: 'revocations' };
  const rest = topic.slice(prefix.length + 1).split('/');
  const [root = '', kioskId = '', leaf = '', extra] = rest;
  if (!isValidKioskId(kioskId)) return null;
  if (root === 'kiosks') {
    if (rest.length === 3 && leaf === 'enrolment') return { kind: 'enrolment', kioskId };
    if (rest.length === 4 && leaf === 'certificates' && SERIAL_PATTERN.test(extra ?? '')) {
      return { kind: 'certificate', kioskId, serial: extra ?? '' };
    }
    return null;
  }
  if (!RECEIPT_ID_PATTERN.test(leaf)) return null;
  if (root === 'handovers' && rest.length === 4 && extra === 'claim') {
    return { kind: 'handover-claim', kioskId, receiptId: leaf };
  }
  if (rest.length !== 3) return null;
  if (root === 'handovers') return { kind: 'handover', kioskId, receiptId: leaf };
  if (root === 'handover-conflicts') return { kind: 'handover-conflict', kioskId, receiptId: leaf };
  return null;
}
