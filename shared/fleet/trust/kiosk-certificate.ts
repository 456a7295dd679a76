/**
 * Enrolment: a kiosk asks (its request names its receipt public key), the operator compares
 * the pairing code and approves, and the approval is a kiosk certificate signed with the
 * operator's enrolment key: this kiosk id, in this fleet, signs receipts with this public
 * key, for this store, since then, serial so-and-so. Counters accept a receipt only under a
 * certificate that verifies against the enrolment public key pinned in them (never one
 * from the broker), and that the signed revocation list does not name.
 *
 * Certificates are retained per serial (trust-topics.ts), so a reinstalled kiosk's new
 * certificate sits beside its old one, and receipts printed under the old key still check
 * until the old certificate is revoked.
 */
import { z } from 'zod';
import { isValidGroupId } from '../groups';
import { signatureTextSchema } from '../payloads';
import { readJsonBytes, signObject, verifyObject, type Ed25519Signer } from './operator-signature';
import { isPublicKeyText, type Ed25519Verifier } from '../receipt-code';
import { isValidKioskId, isValidTopicPrefix } from '../topics';
import { SERIAL_PATTERN } from './trust-topics';

export const CERTIFICATE_TYPE = 'kiosk-certificate';
/** A certificate message is a few hundred bytes; anything much larger is refused unread. */
export const MAX_CERTIFICATE_BYTES = 2048;
export const MAX_ENROLMENT_REQUEST_BYTES = 1024;

const epochMs = z.int().min(1).max(8.64e15);
const name = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u);
const kioskId = z.string().refine(isValidKioskId, 'must be a kiosk id');
const publicKey = z.string().refine(isPublicKeyText, 'must be a base64url raw Ed25519 key');

export const certificateSchema = z.strictObject({
  type: z.literal(CERTIFICATE_TYPE),
  /** The topic prefix of the fleet it was issued for. */
  fleet: z.string().refine(isValidTopicPrefix, 'must be a topic prefix'),
  kioskId,
  /** The kiosk's receipt public key (base64url raw). */
  publicKey,
  store: name(64),
  /**
   * The region the store is in, as a group id (groups.ts); absent in older certificates.
   * Signed like every other field, so a kiosk's region is the operator's word.
   */
  region: z.string().refine(isValidGroupId, 'must be a group id').optional(),
  issuedAt: epochMs,
  serial: z.string().regex(SERIAL_PATTERN),
});
export type KioskCertificate = z.infer<typeof certificateSchema>;

export const certificateEnvelopeSchema = z.strictObject({
  certificate: certificateSchema,
  signature: signatureTextSchema,
});
export type CertificateEnvelope = z.infer<typeof certificateEnvelopeSchema>;

/** What a kiosk publishes, retained, while it waits to be enrolled. */
export const enrolmentRequestSchema = z.strictObject({
  kioskId,
  publicKey,
  requestedAt: epochMs,
  version: name(64),
});
export type EnrolmentRequest = z.infer<typeof enrolmentRequestSchema>;

/** A certificate message's envelope, or null: too large, not JSON, or not of this shape. */
export function readCertificateMessage(bytes: Uint8Array): CertificateEnvelope | null {
  const parsed = certificateEnvelopeSchema.safeParse(readJsonBytes(bytes, MAX_CERTIFICATE_BYTES));
  return parsed.success ? parsed.data : null;
}

export function readEnrolmentRequest(bytes: Uint8Array): EnrolmentRequest | null {
  const parsed = enrolmentRequestSchema.safeParse(
    readJsonBytes(bytes, MAX_ENROLMENT_REQUEST_BYTES),
  );
  return parsed.success ? parsed.data : null;
}

/** Where a certificate came from, which it must name. */
export interface CertificatePlace {
  prefix: string;
  kioskId: string;
  /** The serial in its topic; omitted for a certificate not read from a topic. */
  serial?: string;
}

export type CertificateCheck =
  | { ok: true; certificate: KioskCertificate }
  | { ok: false; reason: 'another fleet' | 'another kiosk' | 'another serial' | 'bad signature' };

/**
 * Whether a (schema-checked) certificate was signed by `enrolmentKey` for this fleet and
 * kiosk, at the serial its topic names.
 */
export async function checkCertificate<Key>(
  envelope: CertificateEnvelope,
  place: CertificatePlace,
  enrolmentKey: string,
  subtle: Ed25519Verifier<Key>,
): Promise<CertificateCheck> {
  const { certificate, signature } = envelope;
  if (certificate.fleet !== place.prefix) return { ok: false, reason: 'another fleet' };
  if (certificate.kioskId !== place.kioskId) return { ok: false, reason: 'another kiosk' };
  if (place.serial !== undefined && certificate.serial !== place.serial) {
    return { ok: false, reason: 'another serial' };
  }
  const valid = await verifyObject(certificate, signature, enrolmentKey, subtle);
  return valid ? { ok: true, certificate } : { ok: false, reason: 'bad signature' };
}

/**
 * Whether `candidate` was issued after `current`: by its time, then by its serial, so two
 * certificates of the same millisecond still have one order everywhere. A kiosk's newest
 * certificate is the one in force: it names the kiosk's store and region.
 */
export function isNewerCertificate(
  candidate: Pick<KioskCertificate, 'issuedAt' | 'serial'>,
  current: Pick<KioskCertificate, 'issuedAt' | 'serial'>,
): boolean {
  return (
    candidate.issuedAt > current.issuedAt ||
    (candidate.issuedAt === current.issuedAt && candidate.serial > current.serial)
  );
}

/** The signed envelope of a certificate; throws when the fields break the schema. */
export async function signCertificate<Key>(
  fields: Omit<KioskCertificate, 'type'>,
  privateKey: Key,
  subtle: Ed25519Signer<Key>,
): Promise<CertificateEnvelope> {
  const certificate = certificateSchema.parse({ type: CERTIFICATE_TYPE, ...fields });
  return { certificate, signature: await signObject(certificate, privateKey, subtle) };
}
