/**
 * One handover per receipt, decided by the database: the handovers table's key is (kiosk,
 * receipt), and a claim is one `insert … on conflict do nothing returning`. Of two counters
 * claiming at once, one insert returns the row and the other returns nothing, then reads
 * the winner. The same statement refuses a receipt whose every signing certificate is
 * revoked, so a claim and a revocation at the same moment are ordered by the database.
 *
 * Every handover carries the counter's own id for it (`handoverId`): a counter that lost
 * the answer and asks again is told it won, not that it lost to itself.
 *
 * The receipt's order, when the kiosk sent one, is moved to Handed over in the handover's
 * own transaction (moves/handover-moves.ts): the pick screens and the board see it leave the
 * moment the counter is told to hand over, and never a handover without its move.
 */
import { sql, type Kysely } from 'kysely';
import type { HandoverMode, HandoversTable, ShopTables } from '../db/tables';
import { moveOnHandovers } from '../moves/handover-moves';
import { movesLock } from '../moves/move-records';
import { revokedAmong, type RevokedCertificate } from '../revocations/revocation-store';

export interface HandoverView {
  kioskId: string;
  receiptId: string;
  handoverId: string;
  counter: string;
  /** When staff handed it over, ms since the epoch. */
  at: number;
  recordedAt: number;
  mode: HandoverMode;
}

export interface HandoverInput {
  kioskId: string;
  receiptId: string;
  handoverId: string;
  counter: string;
  recordedBy: string;
  at: number;
  /** The certificates whose key signed the receipt. */
  serials: readonly string[];
}

export type ClaimOutcome =
  | { kind: 'won'; handover: HandoverView; repeat: boolean }
  | { kind: 'lost'; handover: HandoverView }
  | { kind: 'revoked'; revoked: RevokedCertificate }
  /** This handover id was already used for another receipt. */
  | { kind: 'id-taken' };

export function viewOf(row: HandoversTable): HandoverView {
  return {
    kioskId: row.kiosk_id,
    receiptId: row.receipt_id,
    handoverId: row.handover_id,
    counter: row.counter,
    at: row.at,
    recordedAt: row.recorded_at,
    mode: row.mode,
  };
}

export async function handoverOf(
  db: Kysely<ShopTables>,
  kioskId: string,
  receiptId: string,
): Promise<HandoverView | null> {
  const row = await db
    .selectFrom('handovers')
    .selectAll()
    .where('kiosk_id', '=', kioskId)
    .where('receipt_id', '=', receiptId)
    .executeTakeFirst();
  return row ? viewOf(row) : null;
}

/**
 * Inserts the handover unless one exists for the receipt or every signer is revoked; the
 * first signer not revoked is recorded as the certificate it was checked under.
 */
async function insertHandover(
  db: Kysely<ShopTables>,
  input: HandoverInput,
  mode: HandoverMode,
  now: number,
  skipRevoked: boolean,
): Promise<HandoverView | null> {
  const revokedFilter = skipRevoked
    ? sql`where not exists (select 1 from revocations r where r.serial = s.serial)`
    : sql``;
  return db.transaction().execute(async (trx) => {
    // The moves' lock first, as every statement that writes a handover takes it (moves/).
    const { rows } = await sql<HandoversTable>`
    with ${movesLock}
    insert into handovers
      (kiosk_id, receipt_id, handover_id, counter, recorded_by, at, recorded_at, mode, serial)
    select ${input.kioskId}::text, ${input.receiptId}::text, ${input.handoverId}::text,
      ${input.counter}::text, ${input.recordedBy}::text, ${input.at}::bigint, ${now}::bigint,
      ${mode}::text, s.serial
    from unnest(string_to_array(${input.serials.join(',')}::text, ',')) with ordinality as s(serial, n)
    cross join moves_lock
    ${revokedFilter}
    order by s.n
    limit 1
    on conflict do nothing
    returning *`.execute(trx);
    const [row] = rows;
    if (!row) return null;
    await moveOnHandovers(trx, [
      {
        kioskId: row.kiosk_id,
        receiptId: row.receipt_id,
        by: { id: input.recordedBy, name: input.counter },
        at: now,
      },
    ]);
    return viewOf(row);
  });
}

/** The online claim: exactly one counter per receipt is told it won. */
export async function claimHandover(
  db: Kysely<ShopTables>,
  input: HandoverInput,
  now: number,
): Promise<ClaimOutcome> {
  const inserted = await insertHandover(db, input, 'online', now, true);
  if (inserted) return { kind: 'won', handover: inserted, repeat: false };
  const existing = await handoverOf(db, input.kioskId, input.receiptId);
  if (existing) {
    return existing.handoverId === input.handoverId
      ? { kind: 'won', handover: existing, repeat: true }
      : { kind: 'lost', handover: existing };
  }
  const [revoked] = await revokedAmong(db, input.serials);
  return revoked ? { kind: 'revoked', revoked } : { kind: 'id-taken' };
}

/** Records a handover staff made without the service's word; undefined when one exists. */
export function insertReportedHandover(
  db: Kysely<ShopTables>,
  input: HandoverInput,
  mode: Exclude<HandoverMode, 'online'>,
  now: number,
): Promise<HandoverView | null> {
  return insertHandover(db, input, mode, now, false);
}

/** The latest handovers, newest first. */
export async function latestHandovers(
  db: Kysely<ShopTables>,
  limit: number,
): Promise<HandoverView[]> {
  const rows = await db
    .selectFrom('handovers')
    .selectAll()
    .orderBy('recorded_at', 'desc')
    .orderBy('handover_id')
    .limit(limit)
    .execute();
  return rows.map(viewOf);
}
