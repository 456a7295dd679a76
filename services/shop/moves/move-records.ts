/**
 * The kept moves of orders (order_moves) and the one lock every move is written under.
 *
 * Screens follow the moves by increasing id (change-feed.ts). An id is taken when its row
 * is inserted, but rows become visible when their transaction commits, and two
 * transactions may commit in the other order: a reader that had seen id 8 would never look
 * back for a 7 committed after it. So every transaction that writes a move first takes one
 * transaction-level advisory lock, held to its commit: moves are numbered and committed one
 * at a time, in id order, on PGlite, on PostgreSQL and whichever replica writes them. A
 * shop's moves are a few a minute, so the queue is short. The lock fails closed: a
 * transaction that cannot take it (the query time limit, the database gone) writes nothing.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { OrderMove, OrderState } from '../../../shared/fleet/order-flow';
import type { MoveKind, OrderMovesTable, ShopTables } from '../db/tables';

/** The key of the moves' advisory lock: any fixed number no other lock of the service uses. */
export const MOVES_LOCK_KEY = 7_026_117_470_901;

export async function lockMoves(trx: Transaction<ShopTables>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${MOVES_LOCK_KEY}::bigint)`.execute(trx);
}

/**
 * The moves' lock as a common table expression, `moves_lock`, for a statement that takes it
 * on its way: a statement that writes rows joins it (`cross join moves_lock`), so the lock is
 * held before its first row is written, with no round trip of its own. The statement's own
 * reads are as of before it waited, so what must see others' moves is read by the next one.
 */
export const movesLock = sql`moves_lock as materialized (
  select pg_advisory_xact_lock(${MOVES_LOCK_KEY}::bigint) as held)`;

/** Who made a move: a login or token, a kiosk (an order's arrival). */
export interface Mover {
  /** `staff:sam`, `token:abc`, `kiosk:kiosk-01`. */
  id: string;
  /** As staff see it. */
  name: string;
}

export interface MoveInput {
  kioskId: string;
  receiptId: string;
  kind: MoveKind;
  from: OrderState | null;
  to: OrderState;
  by: Mover;
  at: number;
  reason?: string | null;
}

export const moveViewOf = (row: Selectable<OrderMovesTable>): OrderMove => ({
  id: row.id,
  kioskId: row.kiosk_id,
  receiptId: row.receipt_id,
  kind: row.kind,
  from: row.from_state,
  to: row.to_state,
  by: row.by_name,
  at: row.at,
  reason: row.reason,
});

/** Writes a move; the caller holds the moves' lock (lockMoves) in the same transaction. */
export async function recordMove(
  trx: Transaction<ShopTables>,
  move: MoveInput,
): Promise<OrderMove> {
  const row = await trx
    .insertInto('order_moves')
    .values({
      kiosk_id: move.kioskId,
      receipt_id: move.receiptId,
      kind: move.kind,
      from_state: move.from,
      to_state: move.to,
      by_id: move.by.id,
      by_name: move.by.name,
      at: move.at,
      reason: move.reason ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return moveViewOf(row);
}

/** An order's moves, oldest first. */
export async function movesOf(
  db: Kysely<ShopTables>,
  kioskId: string,
  receiptId: string,
): Promise<OrderMove[]> {
  const rows = await db
    .selectFrom('order_moves')
    .selectAll()
    .where('kiosk_id', '=', kioskId)
    .where('receipt_id', '=', receiptId)
    .orderBy('id')
    .execute();
  return rows.map(moveViewOf);
}

/** The newest move's id, 0 when there is none: where a screen's feed starts. */
export async function lastMoveId(db: Kysely<ShopTables>): Promise<number> {
  const row = await db
    .selectFrom('order_moves')
    .select((eb) => eb.fn.max<number | null>('id').as('last'))
    .executeTakeFirst();
  return row?.last ?? 0;
}
