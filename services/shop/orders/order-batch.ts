/**
 * Many kiosks' orders in one transaction (db/group-commit.ts), each kept or refused exactly
 * as saveOrder (order-store.ts) keeps or refuses one: one `insert … select from unnest …
 * on conflict do nothing returning` for all of them, the arrivals of those inserted
 * written as moves under the moves' lock, and one read of the orders kept for the rest.
 *
 * Rows go in ordered by receipt, so two batches take the receipts' keys in the same order
 * and never wait on each other in a cycle; the same order sent twice in one batch is kept
 * from its first sending, and the second is told it is a repeat.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ShopOrder } from '../../../shared/fleet/orders/shop-order';
import type { OrdersTable, ShopTables } from '../db/tables';
import type { KioskCaller } from '../http/shop-env';
import { moveArrivedHandedOver } from '../moves/handover-moves';
import { lockMoves } from '../moves/move-records';
import { sameOrder, viewOf, type SaveOrderOutcome } from './order-store';

export interface OrderRequest {
  order: ShopOrder;
  caller: KioskCaller;
  /** When the service received it, ms since the epoch. */
  now: number;
}

type OrderRow = Selectable<OrdersTable>;

const receiptKey = (kioskId: string, receiptId: string) => `${kioskId}\n${receiptId}`;

async function insertOrders(
  trx: Transaction<ShopTables>,
  requests: readonly OrderRequest[],
): Promise<OrderRow[]> {
  const column = <T>(pick: (request: OrderRequest) => T): T[] => requests.map(pick);
  const { rows } = await sql<OrderRow>`
    insert into orders (kiosk_id, receipt_id, at, lines, total_cents, serial, signature,
      signed_at, body, received_at, state_at, collection_number)
    select c.kiosk_id, c.receipt_id, c.at, c.lines::jsonb, c.total_cents, c.serial, c.signature,
      c.signed_at, c.body, c.received_at, c.received_at, c.collection_number
    from unnest(${column((r) => r.order.kioskId)}::text[],
      ${column((r) => r.order.receiptId)}::text[],
      ${column((r) => r.order.at)}::bigint[],
      ${column((r) => JSON.stringify(r.order.lines))}::text[],
      ${column((r) => r.order.totalCents)}::bigint[],
      ${column((r) => r.caller.serial)}::text[],
      ${column((r) => r.caller.signature)}::text[],
      ${column((r) => r.caller.signedAt)}::bigint[],
      ${column((r) => r.caller.bodyText)}::text[],
      ${column((r) => r.now)}::bigint[],
      ${column((r) => r.order.collectionNumber ?? null)}::text[])
      with ordinality as c(kiosk_id, receipt_id, at, lines, total_cents, serial, signature,
        signed_at, body, received_at, collection_number, n)
    order by c.kiosk_id, c.receipt_id, c.n
    on conflict do nothing
    returning *`.execute(trx);
  return rows;
}

/**
 * Each new order's arrival, its first move, in the order the orders came; then, for those
 * whose receipts were handed over already, the handover's move (moves/handover-moves.ts).
 */
async function recordArrivals(
  trx: Transaction<ShopTables>,
  rows: readonly OrderRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await lockMoves(trx);
  const column = <T>(pick: (row: OrderRow) => T): T[] => rows.map(pick);
  await sql`
    insert into order_moves (kiosk_id, receipt_id, kind, from_state, to_state, by_id, by_name, at)
    select a.kiosk_id, a.receipt_id, 'arrived', null, 'new', 'kiosk:' || a.kiosk_id, a.kiosk_id,
      a.at
    from unnest(${column((row) => row.kiosk_id)}::text[],
      ${column((row) => row.receipt_id)}::text[],
      ${column((row) => row.received_at)}::bigint[]) with ordinality as a(kiosk_id, receipt_id, at, n)
    order by a.n`.execute(trx);
  await moveArrivedHandedOver(
    trx,
    rows.map((row) => ({ kioskId: row.kiosk_id, receiptId: row.receipt_id, at: row.received_at })),
  );
}

async function ordersOf(
  trx: Transaction<ShopTables>,
  requests: readonly OrderRequest[],
): Promise<Map<string, OrderRow>> {
  if (requests.length === 0) return new Map();
  const { rows } = await sql<OrderRow>`
    select o.* from unnest(${requests.map((r) => r.order.kioskId)}::text[],
      ${requests.map((r) => r.order.receiptId)}::text[]) as c(kiosk_id, receipt_id)
    cross join lateral ( -- a look-up by key for each row, as in claim-batch.ts
      select * from orders o
      where o.kiosk_id = c.kiosk_id and o.receipt_id = c.receipt_id
      limit 1
    ) o`.execute(trx);
  return new Map(rows.map((row) => [receiptKey(row.kiosk_id, row.receipt_id), row]));
}

/** The orders' outcomes, in their order, once their one transaction has committed. */
export function saveOrders(
  db: Kysely<ShopTables>,
  requests: readonly OrderRequest[],
): Promise<SaveOrderOutcome[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await insertOrders(trx, requests);
    const inserted = new Map(rows.map((row) => [receiptKey(row.kiosk_id, row.receipt_id), row]));
    const added = requests.map(({ order }) => {
      const key = receiptKey(order.kioskId, order.receiptId);
      const row = inserted.get(key);
      // The same receipt again in this batch is the second to send it.
      inserted.delete(key);
      return row ?? null;
    });
    await recordArrivals(
      trx,
      added.filter((row): row is OrderRow => row !== null),
    );
    const kept = await ordersOf(
      trx,
      requests.filter((_, index) => added[index] === null),
    );
    return requests.map(({ order }, index): SaveOrderOutcome => {
      const row = added[index];
      if (row) return { kind: 'added', order: viewOf(row) };
      const keptRow = kept.get(receiptKey(order.kioskId, order.receiptId));
      if (!keptRow) throw new Error('an order that conflicted is not there');
      const view = viewOf(keptRow);
      return { kind: sameOrder(view, order) ? 'repeat' : 'different', order: view };
    });
  });
}
