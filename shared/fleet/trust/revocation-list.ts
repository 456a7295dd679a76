/**
 * The revocation list: one signed, versioned message, retained on `P/fleet/revocations`,
 * naming every kiosk certificate the operator has withdrawn (a stolen or reinstalled
 * kiosk's old key) and when. Each new list carries every earlier entry and a higher
 * version; a reader keeps the highest version it has verified and never goes back to a
 * lower one, so replaying an older (genuinely signed) list revokes nothing back.
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

/** The next list: every entry of `current` plus `added` (already listed serials skipped). */
export function nextRevocationList(
  current: RevocationList | null,
  prefix: string,
  added: readonly Revoked[],
  now: number,
): RevocationList {
  const revoked = [...(current?.revoked ?? [])];
  for (const entry of added) {
    if (!revoked.some((known) => known.serial === entry.serial)) revoked.push(entry);
  }
  return revocationListSchema.parse({
    type: REVOCATION_LIST_TYPE,
    fleet: prefix,
    version: (current?.version ?? 0) + 1,
    issuedAt: now,
    revoked,
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
