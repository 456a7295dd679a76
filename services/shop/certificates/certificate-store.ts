/**
 * Kiosk certificates, kept only once they verify (certificate-check.ts): one row per
 * serial, never rewritten. A serial offered again with the same signature is the same
 * certificate; with another, it is refused rather than replacing the one kept.
 */
import type { Kysely } from 'kysely';
import type {
  CertificateEnvelope,
  KioskCertificate,
} from '../../../shared/fleet/trust/kiosk-certificate';
import type { ShopTables } from '../db/tables';

export type SaveOutcome = 'added' | 'known' | 'different';

export interface KnownCertificate {
  serial: string;
  kioskId: string;
  publicKey: string;
  store: string;
}

export async function saveCertificate(
  db: Kysely<ShopTables>,
  envelope: CertificateEnvelope,
  now: number,
): Promise<SaveOutcome> {
  const { certificate, signature } = envelope;
  const inserted = await db
    .insertInto('certificates')
    .values({
      serial: certificate.serial,
      kiosk_id: certificate.kioskId,
      fleet: certificate.fleet,
      public_key: certificate.publicKey,
      store: certificate.store,
      region: certificate.region ?? null,
      issued_at: certificate.issuedAt,
      certificate: JSON.stringify(certificate),
      signature,
      received_at: now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('serial')
    .executeTakeFirst();
  if (inserted) return 'added';
  const kept = await db
    .selectFrom('certificates')
    .select('signature')
    .where('serial', '=', certificate.serial)
    .executeTakeFirst();
  return kept?.signature === signature ? 'known' : 'different';
}

/** A kiosk's certificates for this fleet, oldest first. */
export async function certificatesOf(
  db: Kysely<ShopTables>,
  prefix: string,
  kioskId: string,
): Promise<KnownCertificate[]> {
  return (await certificatesOfEach(db, prefix, [kioskId]))[0] ?? [];
}

/** Each kiosk's certificates, oldest first, in one read for all of them. */
export async function certificatesOfEach(
  db: Kysely<ShopTables>,
  prefix: string,
  kioskIds: readonly string[],
): Promise<KnownCertificate[][]> {
  if (kioskIds.length === 0) return [];
  const byKiosk = await knownByKiosk(db, prefix, [...new Set(kioskIds)]);
  return kioskIds.map((kioskId) => byKiosk.get(kioskId) ?? []);
}

/** Every kiosk's certificates in the fleet, oldest first (a replica's cache, as it starts). */
export function fleetCertificates(
  db: Kysely<ShopTables>,
  prefix: string,
): Promise<Map<string, KnownCertificate[]>> {
  return knownByKiosk(db, prefix, null);
}

async function knownByKiosk(
  db: Kysely<ShopTables>,
  prefix: string,
  kioskIds: readonly string[] | null,
): Promise<Map<string, KnownCertificate[]>> {
  let query = db
    .selectFrom('certificates')
    .select(['serial', 'kiosk_id', 'public_key', 'store'])
    .where('fleet', '=', prefix);
  if (kioskIds !== null) query = query.where('kiosk_id', 'in', kioskIds);
  const rows = await query.orderBy('issued_at').execute();
  const byKiosk = new Map<string, KnownCertificate[]>();
  for (const row of rows) {
    const known = byKiosk.get(row.kiosk_id) ?? [];
    known.push({
      serial: row.serial,
      kioskId: row.kiosk_id,
      publicKey: row.public_key,
      store: row.store,
    });
    byKiosk.set(row.kiosk_id, known);
  }
  return byKiosk;
}

/** Every certificate kept (or one kiosk's), as the operator signed them, for counters to check. */
export async function listCertificates(
  db: Kysely<ShopTables>,
  kioskId: string | undefined,
): Promise<CertificateEnvelope[]> {
  let query = db.selectFrom('certificates').select(['certificate', 'signature']);
  if (kioskId !== undefined) query = query.where('kiosk_id', '=', kioskId);
  const rows = await query.orderBy('kiosk_id').orderBy('issued_at').limit(10_000).execute();
  return rows.map((row) => ({
    certificate: row.certificate as unknown as KioskCertificate,
    signature: row.signature,
  }));
}
