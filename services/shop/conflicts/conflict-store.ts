/**
 * Conflicts: a handover staff made without the service's word (offline, or over a claim
 * they judged interrupted) for a receipt another counter had already handed over. Both are
 * kept: the first stays the receipt's handover, the second is kept here in full, with who
 * reported it and when, until staff or the operator dismiss it (which only marks it).
 */
import type { Kysely, Selectable } from 'kysely';
import type { ConflictsTable, HandoverMode, ShopTables } from '../db/tables';
import { handoverOf, type HandoverInput, type HandoverView } from '../handovers/handover-store';

export interface ConflictView {
  id: number;
  kioskId: string;
  receiptId: string;
  /** The handover the service already held. */
  first: HandoverView | null;
  /** The handover reported later. */
  second: {
    handoverId: string;
    counter: string;
    at: number;
    mode: Exclude<HandoverMode, 'online'>;
    recordedAt: number;
  };
  dismissedAt: number | null;
  dismissedBy: string | null;
}

type ConflictRow = Selectable<ConflictsTable>;

async function viewOf(db: Kysely<ShopTables>, row: ConflictRow): Promise<ConflictView> {
  return {
    id: row.id,
    kioskId: row.kiosk_id,
    receiptId: row.receipt_id,
    first: await handoverOf(db, row.kiosk_id, row.receipt_id),
    second: {
      handoverId: row.handover_id,
      counter: row.counter,
      at: row.at,
      mode: row.mode,
      recordedAt: row.recorded_at,
    },
    dismissedAt: row.dismissed_at,
    dismissedBy: row.dismissed_by,
  };
}

/**
 * Files the conflict of `input` (a reported handover) with `first`; a repeat of the same
 * report finds the conflict it filed. Null when the handover id belongs to another receipt.
 */
export async function fileConflict(
  db: Kysely<ShopTables>,
  input: HandoverInput,
  mode: Exclude<HandoverMode, 'online'>,
  first: HandoverView,
  now: number,
): Promise<{ conflict: ConflictView; added: boolean } | null> {
  const inserted = await db
    .insertInto('conflicts')
    .values({
      kiosk_id: input.kioskId,
      receipt_id: input.receiptId,
      handover_id: input.handoverId,
      counter: input.counter,
      recorded_by: input.recordedBy,
      at: input.at,
      mode,
      recorded_at: now,
      first_handover_id: first.handoverId,
      dismissed_at: null,
      dismissed_by: null,
    })
    .onConflict((conflict) => conflict.column('handover_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  const row =
    inserted ??
    (await db
      .selectFrom('conflicts')
      .selectAll()
      .where('handover_id', '=', input.handoverId)
      .executeTakeFirst());
  if (!row || row.kiosk_id !== input.kioskId || row.receipt_id !== input.receiptId) return null;
  return { conflict: await viewOf(db, row), added: inserted !== undefined };
}

export async function listConflicts(
  db: Kysely<ShopTables>,
  options: { open: boolean; limit: number },
): Promise<ConflictView[]> {
  let query = db.selectFrom('conflicts').selectAll();
  if (options.open) query = query.where('dismissed_at', 'is', null);
  const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
  return Promise.all(rows.map((row) => viewOf(db, row)));
}

/** Marks a conflict seen and settled; null when there is no such conflict. */
export async function dismissConflict(
  db: Kysely<ShopTables>,
  id: number,
  by: string,
  now: number,
): Promise<ConflictView | null> {
  await db
    .updateTable('conflicts')
    .set({ dismissed_at: now, dismissed_by: by })
    .where('id', '=', id)
    .where('dismissed_at', 'is', null)
    .execute();
  const row = await db.selectFrom('conflicts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? viewOf(db, row) : null;
}
