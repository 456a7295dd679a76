/**
 * Orders as enrolled kiosks send them: one per kiosk and receipt (the table's key), so a
 * kiosk that sends an order again, not knowing whether the first try arrived, gets the
 * order kept, never a second one. `state` and `collection_number` are there for the pick
 * screen to come (New → Picking → Ready → Handed over, Cancelled, Recall): today every
 * order is `new` and has no number.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Selectable } from 'kysely';
import type { OrderLine, ShopOrder } from '../../../shared/fleet/shop-order';
import type { OrdersTable, ShopTables } from '../db/tables';
import type { KioskCaller } from '../http/shop-env';

export interface OrderView {
  kioskId: string;
  receiptId: string;
  at: number;
  lines: OrderLine[];
  totalCents: number;
  /** The certificate whose key signed the request that carried it. */
  serial: string;
  receivedAt: number;
  state: string;
  collectionNumber: number | null;
}

type OrderRow = Selectable<OrdersTable>;

const viewOf = (row: OrderRow): OrderView => ({
  kioskId: row.kiosk_id,
  receiptId: row.receipt_id,
  at: row.at,
  lines: row.lines as unknown as OrderLine[],
  totalCents: row.total_cents,
  serial: row.serial,
  receivedAt: row.received_at,
  state: row.state,
  collectionNumber: row.collection_number,
});

export type SaveOrderOutcome =
  | { kind: 'added' | 'repeat'; order: OrderView }
  /** Another order is kept under this receipt. */
  | { kind: 'different'; order: OrderView };

const sameOrder = (kept: OrderView, order: ShopOrder): boolean =>
  kept.at === order.at &&
  kept.totalCents === order.totalCents &&
  isDeepStrictEqual(kept.lines, order.lines);

export async function saveOrder(
  db: Kysely<ShopTables>,
  order: ShopOrder,
  caller: KioskCaller,
  now: number,
): Promise<SaveOrderOutcome> {
  const inserted = await db
    .insertInto('orders')
    .values({
      kiosk_id: order.kioskId,
      receipt_id: order.receiptId,
      at: order.at,
      lines: JSON.stringify(order.lines),
      total_cents: order.totalCents,
      serial: caller.serial,
      signature: caller.signature,
      signed_at: caller.signedAt,
      body: caller.bodyText,
      received_at: now,
      collection_number: null,
    })
    .onConflict((conflict) => conflict.columns(['kiosk_id', 'receipt_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { kind: 'added', order: viewOf(inserted) };
  const kept = await orderOf(db, order.kioskId, order.receiptId);
  if (!kept) throw new Error('an order that conflicted is not there');
  return { kind: sameOrder(kept, order) ? 'repeat' : 'different', order: kept };
}

export async function orderOf(
  db: Kysely<ShopTables>,
  kioskId: string,
  receiptId: string,
): Promise<OrderView | null> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('kiosk_id', '=', kioskId)
    .where('receipt_id', '=', receiptId)
    .executeTakeFirst();
  return row ? viewOf(row) : null;
}

/** Where a page of orders ends: received time, kiosk and receipt of its last order. */
export interface OrderCursor {
  receivedAt: number;
  kioskId: string;
  receiptId: string;
}

/** Orders in the order they arrived, after `after`; `next` continues the list. */
export async function listOrders(
  db: Kysely<ShopTables>,
  options: { after: OrderCursor | null; limit: number; kioskId?: string },
): Promise<{ orders: OrderView[]; next: OrderCursor | null }> {
  let query = db.selectFrom('orders').selectAll();
  if (options.kioskId !== undefined) query = query.where('kiosk_id', '=', options.kioskId);
  const { after } = options;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('received_at', 'kiosk_id', 'receipt_id'),
        '>',
        eb.tuple(after.receivedAt, after.kioskId, after.receiptId),
      ),
    );
  }
  const rows = await query
    .orderBy('received_at')
    .orderBy('kiosk_id')
    .orderBy('receipt_id')
    .limit(options.limit)
    .execute();
  const orders = rows.map(viewOf);
  const last = orders.at(-1);
  const next =
    last && orders.length === options.limit
      ? { receivedAt: last.receivedAt, kioskId: last.kioskId, receiptId: last.receiptId }
      : null;
  return { orders, next };
}
