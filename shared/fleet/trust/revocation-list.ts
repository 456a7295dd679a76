/**
 * The kiosks' revocation list: one signed, versioned message, retained on
 * `P/fleet/revocations`, naming every kiosk certificate the operator has withdrawn (a stolen
 * or reinstalled kiosk's old key) and when, so that a revoked kiosk stops signing. It is
 * made from the shop service's revocations (revocation-record.ts), a set that only grows:
 * its version is the number of entries, so a later set's list is never a lower version. A
 * kiosk keeps the highest version it has verified and never goes back to a lower one, so
 * replaying an older (genuinely signed) list revokes nothing back. Counters go by the
 * service's records, not by this list.
 */
import { z } from 'zod';
import { signatureTextSchema } from '../payloads';
import { readJsonBytes, signObject, verifyObject, type Ed25519Signer } from './operator-signature';
import type { Ed25519Verifier } from '../receipt-code';
import { isValidKioskId, isValidTopicPrefix } from '../topics';
import { SERIAL_PATTERN } from './trust-topics';

export const REVOCATION_LIST_TYPE = 'revocation-list';
/** Entries one list may hold: years of a large fleet's replaced kiosks. */
export const MAX_REVOCATIONS = 5000;
export const MAX_REVOCATION_LIST_BYTES = 512 * 1024;

const epochMs = z.int().min(1).max(8.64e15);

export const revokedSchema = z.strictObject({
  kioskId: z.string().refine(isValidKioskId, 'must be a kiosk id'),
  serial: z.string().regex(SERIAL_PATTERN),
  revokedAt: epochMs,
});
export type Revoked = z.infer<typeof revokedSchema>;

export const revocationListSchema = z.strictObject({
  type: z.literal(REVOCATION_LIST_TYPE),
  fleet: z.string().refine(isValidTopicPrefix, 'must be a topic prefix'),
  version: z
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  issuedAt: epochMs,
  revoked: z
    .array(revokedSchema)
    .max(MAX_REVOCATIONS)
    .refine((entries) => new Set(entries.map((entry) => entry.serial)).size === entries.length, {
      message: 'one entry per serial',
    }),
});
export type RevocationList = z.infer<typeof revocationListSchema>;

export const revocationEnvelopeSchema = z.strictObject({
  revocations: revocationListSchema,
  signature: signatureTextSchema,
});
export type RevocationEnvelope = z.infer<typeof revocationEnvelopeSchema>;

export function readRevocationMessage(bytes: Uint8Array): RevocationEnvelope | null {
  const parsed = revocationEnvelopeSchema.safeParse(
    readJsonBytes(bytes, MAX_REVOCATION_LIST_BYTES),
  );
  return parsed.success ? parsed.data : null;
}

/** Whether a (schema-checked) list was signed by `enrolmentKey` for this fleet. */
export async function checkRevocationList<Key>(
  envelope: RevocationEnvelope,
  prefix: string,
  enrolmentKey: string,
  subtle: Ed25519Verifier<Key>,
): Promise<boolean> {
  if (envelope.revocations.fleet !== prefix) return false;
  return verifyObject(envelope.revocations, envelope.signature, enrolmentKey, subtle);
}

/** The entry that revokes this certificate, or null. */
export function revocationOf(
  list: RevocationList | null,
  kioskId: string,
  serial: string,
): Revoked | null {
  return (
    list?.revoked.find((entry) => entry.serial === serial && entry.kioskId === kioskId) ?? null
  );
}

/**
 * The list for a set of revocations: one entry per serial (the first of each), oldest
 * first, its version the number of entries. Throws when the set breaks the schema (more
 * than MAX_REVOCATIONS).
 */
export function revocationListOf(
  revoked: readonly Revoked[],
  prefix: string,
  now: number,
): RevocationList {
  const entries = revoked
    .filter((entry, index) => revoked.findIndex((one) => one.serial === entry.serial) === index)
    .sort((a, b) => a.revokedAt - b.revokedAt || a.serial.localeCompare(b.serial));
  return revocationListSchema.parse({
    type: REVOCATION_LIST_TYPE,
    fleet: prefix,
    version: entries.length,
    issuedAt: now,
    revoked: entries,
  });
}

export async function signRevocationList<Key>(
  list: RevocationList,
  privateKey: Key,
  subtle: Ed25519Signer<Key>,
): Promise<RevocationEnvelope> {
  const revocations = revocationListSchema.parse(list);
  return { revocations, signature: await signObject(revocations, privateKey, subtle) };
}
