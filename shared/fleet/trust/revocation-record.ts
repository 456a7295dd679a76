/**
 * A revocation as the shop service keeps it: one operator-signed record per withdrawn kiosk
 * certificate, never a list with a version. Two consoles revoking two kiosks at the same
 * moment make two records, and both count; a set of records only grows, so there is no
 * newer or older set to prefer and nothing that a lost copy can take back.
 *
 * Signed like a certificate (operator-signature.ts): over the canonical JSON of the record,
 * which names its type and fleet, so a revocation never passes for a certificate, a
 * revocation list or another fleet's record.
 */
import { z } from 'zod';
import { signatureTextSchema } from '../payloads';
import { signObject, verifyObject, type Ed25519Signer } from './operator-signature';
import type { Ed25519Verifier } from '../receipt-code';
import { isValidKioskId, isValidTopicPrefix } from '../topics';
import { SERIAL_PATTERN } from './trust-topics';

export const REVOCATION_TYPE = 'kiosk-revocation';
/** A record is a few hundred bytes; anything much larger is refused unread. */
export const MAX_REVOCATION_RECORD_BYTES = 2048;

const epochMs = z.int().min(1).max(8.64e15);

export const revocationSchema = z.strictObject({
  type: z.literal(REVOCATION_TYPE),
  fleet: z.string().refine(isValidTopicPrefix, 'must be a topic prefix'),
  kioskId: z.string().refine(isValidKioskId, 'must be a kiosk id'),
  /** The certificate withdrawn. */
  serial: z.string().regex(SERIAL_PATTERN),
  revokedAt: epochMs,
  /** Why, in the operator's words ("stolen", "reinstalled"): shown to staff. */
  reason: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]*$/u),
});
export type Revocation = z.infer<typeof revocationSchema>;

export const revocationRecordSchema = z.strictObject({
  revocation: revocationSchema,
  signature: signatureTextSchema,
});
export type RevocationRecord = z.infer<typeof revocationRecordSchema>;

/** Whether a (schema-checked) record was signed by `enrolmentKey` for this fleet. */
export async function checkRevocationRecord<Key>(
  record: RevocationRecord,
  prefix: string,
  enrolmentKey: string,
  subtle: Ed25519Verifier<Key>,
): Promise<boolean> {
  if (record.revocation.fleet !== prefix) return false;
  return verifyObject(record.revocation, record.signature, enrolmentKey, subtle);
}

/** The signed record; throws when the fields break the schema. */
export async function signRevocation<Key>(
  fields: Omit<Revocation, 'type'>,
  privateKey: Key,
  subtle: Ed25519Signer<Key>,
): Promise<RevocationRecord> {
  const revocation = revocationSchema.parse({ type: REVOCATION_TYPE, ...fields });
  return { revocation, signature: await signObject(revocation, privateKey, subtle) };
}

/** The record that revokes this certificate, or null. */
export function revocationFor(
  records: readonly RevocationRecord[],
  kioskId: string,
  serial: string,
): RevocationRecord | null {
  return (
    records.find(
      (record) => record.revocation.serial === serial && record.revocation.kioskId === kioskId,
    ) ?? null
  );
}
