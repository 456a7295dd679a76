/**
 * Orders as enrolled kiosks send them: one per kiosk and receipt (the table's key), so a
 * kiosk that sends an order again, not knowing whether the first try arrived, gets the
 * order kept, never a second one. An order arrives `new`, and its arrival is the first of
 * its moves (moves/move-records.ts), in the same transaction, so the screens following the
 * moves see it; every later state is a move's (moves/order-moves.ts). It carries the
 * kiosk's collection number when the kiosk gave one, and is `late` when it reached the
 * service more than LATE_ORDER_MS after the shopper confirmed it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Selectable } from 'kysely';
import { LATE_ORDER_MS, type OrderState } from '../../../shared/fleet/order-flow';
import type { OrderLine, ShopOrder } from '../../../shared/fleet/orders/shop-order';
import type { OrdersTable, ShopTables } from '../db/tables';
import type { KioskCaller } from '../http/shop-env';
import { moveArrivedHandedOver } from '../moves/handover-moves';
import { lockMoves, recordMove } from '../moves/move-records';

export interface OrderView {
  kioskId: string;
  receiptId: string;
  at: number;
  lines: OrderLine[];
  totalCents: number;
  /** The certificate whose key signed the request that carried it. */
  serial: string;
  receivedAt: number;
  /** Sent more than LATE_ORDER_MS after the shopper confirmed it: the kiosk was offline. */
  late: boolean;
  state: OrderState;
  /** Since when it is in its state. */
  stateAt: number;
  cancelReason: string | null;
  collectionNumber: string | null;
}

type OrderRow = Selectable<OrdersTable>;

export const viewOf = (row: OrderRow): OrderView => ({
  kioskId: row.kiosk_id,
  receiptId: row.receipt_id,
  at: row.at,
  lines: row.lines as unknown as OrderLine[],
  totalCents: row.total_cents,
  serial: row.serial,
  receivedAt: row.received_at,
  late: row.received_at - row.at > LATE_ORDER_MS,
  state: row.state,
  stateAt: row.state_at,
  cancelReason: row.cancel_reason,
  collectionNumber: row.collection_number,
});

export type SaveOrderOutcome =
  | { kind: 'added' | 'repeat'; order: OrderView }
  /** Another order is kept under this receipt. */
  | { kind: 'different'; order: OrderView };

export const sameOrder = (kept: OrderView, order: ShopOrder): boolean =>
  kept.at === order.at &&
  kept.totalCents === order.totalCents &&
  kept.collectionNumber === (order.collectionNumber ?? null) &&
  isDeepStrictEqual(kept.lines, order.lines);

export async function saveOrder(
  db: Kysely<ShopTables>,
  order: ShopOrder,
  caller: KioskCaller,
  now: number,
): Promise<SaveOrderOutcome> {
  const inserted = await db.transaction().execute(async (trx) => {
    const row = await trx
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
        state_at: now,
        collection_number: order.collectionNumber ?? null,
      })
      .onConflict((conflict) => conflict.columns(['kiosk_id', 'receipt_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await lockMoves(trx);
    await recordMove(trx, {
      kioskId: row.kiosk_id,
      receiptId: row.receipt_id,
      kind: 'arrived',
      from: null,
      to: 'new',
      by: { id: `kiosk:${row.kiosk_id}`, name: row.kiosk_id },
      at: now,
    });
    await moveArrivedHandedOver(trx, [
      { kioskId: row.kiosk_id, receiptId: row.receipt_id, at: now },
    ]);
    return row;
  });
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
