/**
 * The topics of trust, beside the kiosk topics of topics.ts: what a kiosk asks to be
 * enrolled on, and where a kiosk learns the operator's signed certificates and revocations.
 * Built and parsed here only, with every segment checked first, so an id can never widen a
 * subscription. What decides goods and trust (handovers, the revocations counters go by) is
 * the shop service's, in its database; these topics only tell the kiosks.
 *
 *   P/kiosks/ID/enrolment                 a kiosk's enrolment request (retained; the kiosk)
 *   P/kiosks/ID/certificates/SERIAL       a signed kiosk certificate (retained; the operator)
 *   P/fleet/revocations                   the kiosks' signed revocation list (retained; the operator)
 */
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

/** Every kiosk's certificates: what a reader of the whole fleet places kiosks by. */
export function everyKioskCertificates(prefix: string): string {
  checkPrefix(prefix);
  return `${prefix}/kiosks/+/certificates/+`;
}

export function revocationsTopic(prefix: string): string {
  checkPrefix(prefix);
  return `${prefix}/fleet/revocations`;
}

/** What the console subscribes to for enrolment: the requests and the certificates. */
export function trustSubscriptions(prefix: string): string[] {
  checkPrefix(prefix);
  return [`${prefix}/kiosks/+/enrolment`, everyKioskCertificates(prefix)];
}

export type TrustTopic =
  | { kind: 'enrolment'; kioskId: string }
  | { kind: 'certificate'; kioskId: string; serial: string }
  | { kind: 'revocations' };

/** What a topic of this file names, or null for any other topic. */
export function parseTrustTopic(prefix: string, topic: string): TrustTopic | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  if (topic === `${prefix}/fleet/revocations`) return { kind: 'revocations' };
  const rest = topic.slice(prefix.length + 1).split('/');
  const [root = '', kioskId = '', leaf = '', extra] = rest;
  if (root !== 'kiosks' || !isValidKioskId(kioskId)) return null;
  if (rest.length === 3 && leaf === 'enrolment') return { kind: 'enrolment', kioskId };
  if (rest.length === 4 && leaf === 'certificates' && SERIAL_PATTERN.test(extra ?? '')) {
    return { kind: 'certificate', kioskId, serial: extra ?? '' };
  }
  return null;
}
