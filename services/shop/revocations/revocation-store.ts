/**
 * Revocations: one signed record per certificate, added and never changed or removed (the
 * database refuses UPDATE, DELETE and TRUNCATE on the table: db/migrations). A second
 * revocation of the same certificate keeps the first; whoever sent it is shown the one
 * kept. So two consoles revoking at once both take effect, and nothing a console holds,
 * or lacks, can undo one.
 */
import { sql, type Kysely } from 'kysely';
import { groupCommit, type GroupCommit } from '../db/group-commit';
import type { Revocation, RevocationRecord } from '../../../shared/fleet/trust/revocation-record';
import type { ShopTables } from '../db/tables';

export interface SavedRevocation {
  added: boolean;
  record: RevocationRecord;
}

const toRecord = (row: { revocation: unknown; signature: string }): RevocationRecord => ({
  revocation: row.revocation as Revocation,
  signature: row.signature,
});

export async function saveRevocation(
  db: Kysely<ShopTables>,
  record: RevocationRecord,
  now: number,
): Promise<SavedRevocation> {
  const { revocation, signature } = record;
  const inserted = await db
    .insertInto('revocations')
    .values({
      serial: revocation.serial,
      kiosk_id: revocation.kioskId,
      fleet: revocation.fleet,
      revoked_at: revocation.revokedAt,
      reason: revocation.reason,
      revocation: JSON.stringify(revocation),
      signature,
      received_at: now,
    })
    .onConflict((conflict) => conflict.column('serial').doNothing())
    .returning('serial')
    .executeTakeFirst();
  if (inserted) return { added: true, record };
  const kept = await db
    .selectFrom('revocations')
    .select(['revocation', 'signature'])
    .where('serial', '=', revocation.serial)
    .executeTakeFirstOrThrow();
  return { added: false, record: toRecord(kept) };
}

/** The whole set, oldest first: counters verify each record and keep them offline. */
export async function listRevocations(db: Kysely<ShopTables>): Promise<RevocationRecord[]> {
  const rows = await db
    .selectFrom('revocations')
    .select(['revocation', 'signature'])
    .orderBy('revoked_at')
    .orderBy('serial')
    .execute();
  return rows.map(toRecord);
}

export interface RevokedCertificate {
  serial: string;
  revokedAt: number;
  reason: string;
}

/** Which of these certificates are revoked. */
export async function revokedAmong(
  db: Kysely<ShopTables>,
  serials: readonly string[],
): Promise<RevokedCertificate[]> {
  if (serials.length === 0) return [];
  // One text whatever the count, so it stays one prepared statement.
  const { rows } = await sql<{ serial: string; revoked_at: number; reason: string }>`
    select serial, revoked_at, reason from revocations
    where serial = any(${[...serials]}::text[])`.execute(db);
  return rows.map((row) => ({ serial: row.serial, revokedAt: row.revoked_at, reason: row.reason }));
}

/**
 * Whether a certificate is revoked, asked of the database for every request, with the
 * requests that arrive while one read is under way asked together in the next: a request
 * is never answered from a read that began before it arrived, so a revocation takes
 * effect for every request after it at once.
 */
export function revocationReader(db: Kysely<ShopTables>): GroupCommit<string, boolean> {
  return groupCommit<string, boolean>({
    batch: async (serials) => {
      const revoked = new Set((await revokedAmong(db, [...new Set(serials)])).map((r) => r.serial));
      return serials.map((serial) => revoked.has(serial));
    },
    single: async (serial) => (await revokedAmong(db, [serial])).length > 0,
    maxBatch: 256,
  });
}
