/**
 * What the flow's figures are computed from (flow-figures.ts), read in a few indexed
 * queries: the orders received in the window and in all, the orders with a move into Ready
 * or Handed over in the window (with all their moves into those states, one of which may be
 * older), and the open orders. A shop's hour is a few hundred orders at most.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { LATE_ORDER_MS, OPEN_STATES, type FlowSummary } from '../../../shared/fleet/order-flow';
import type { ShopTables } from '../db/tables';
import { flowSummary, FLOW_WINDOW_MS, type FlowOrder } from './flow-figures';

const isLate = (row: { at: number; received_at: number }): boolean =>
  row.received_at - row.at > LATE_ORDER_MS;

async function countOrders(db: Kysely<ShopTables>, since: number | null): Promise<number> {
  let query = db.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('n'));
  if (since !== null) query = query.where('received_at', '>', since);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function finishedOrders(db: Kysely<ShopTables>, since: number): Promise<FlowOrder[]> {
  const keys = await db
    .selectFrom('order_moves')
    .select(['kiosk_id', 'receipt_id'])
    .distinct()
    .where('at', '>', since)
    .where('to_state', 'in', ['ready', 'handed-over'])
    .execute();
  if (keys.length === 0) return [];
  const ofKeys = (eb: ExpressionBuilder<ShopTables, 'orders' | 'order_moves'>) =>
    eb.or(
      keys.map((key) =>
        eb.and([eb('kiosk_id', '=', key.kiosk_id), eb('receipt_id', '=', key.receipt_id)]),
      ),
    );
  const orders = await db
    .selectFrom('orders')
    .select(['kiosk_id', 'receipt_id', 'at', 'received_at', 'state'])
    .where(ofKeys)
    .execute();
  const moves = await db
    .selectFrom('order_moves')
    .select(['kiosk_id', 'receipt_id', 'to_state', 'at'])
    .where(ofKeys)
    .where('to_state', 'in', ['ready', 'handed-over'])
    .orderBy('id')
    .execute();
  const byOrder = new Map<string, FlowOrder['moves'][number][]>();
  for (const move of moves) {
    const key = `${move.kiosk_id} ${move.receipt_id}`;
    const list = byOrder.get(key) ?? [];
    list.push({ to: move.to_state, at: move.at });
    byOrder.set(key, list);
  }
  return orders.map((row) => ({
    at: row.at,
    receivedAt: row.received_at,
    late: isLate(row),
    state: row.state,
    moves: byOrder.get(`${row.kiosk_id} ${row.receipt_id}`) ?? [],
  }));
}

export async function readFlow(
  db: Kysely<ShopTables>,
  now: number,
  windowMs = FLOW_WINDOW_MS,
): Promise<FlowSummary> {
  const since = now - windowMs;
  const [ordersInWindow, ordersTotal, finished, open] = await Promise.all([
    countOrders(db, since),
    countOrders(db, null),
    finishedOrders(db, since),
    db
      .selectFrom('orders')
      .select(['at', 'received_at', 'state'])
      .where('state', 'in', [...OPEN_STATES])
      .execute(),
  ]);
  return flowSummary({
    now,
    windowMs,
    ordersInWindow,
    ordersTotal,
    finished,
    open: open.map((row) => ({
      at: row.at,
      receivedAt: row.received_at,
      late: isLate(row),
      state: row.state,
    })),
  });
}
