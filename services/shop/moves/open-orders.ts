/**
 * What the screens read: the orders still to deal with (and those closed a moment ago, so a
 * hasty bump can be recalled), the board's numbers, and the moves after a given one with
 * their orders as they stand now. A snapshot reads the newest move's id first and the
 * orders after it, so a move made in between is sent again by the feed, never missed;
 * applying a move's order twice changes nothing.
 */
import type { Kysely } from 'kysely';
import {
  OPEN_STATES,
  type BoardChange,
  type BoardItem,
  type PickChange,
} from '../../../shared/fleet/order-flow';
import type { ShopTables } from '../db/tables';
import { viewOf, type OrderView } from '../orders/order-store';
import { FEED_BATCH } from './change-feed';
import { moveViewOf } from './move-records';

/** Closed orders stay on the pick screen this long, for a recall. */
export const RECENTLY_CLOSED_MS = 15 * 60_000;
/** An order not handed over by then has been forgotten: the board no longer shows it. */
export const BOARD_HORIZON_MS = 12 * 60 * 60_000;
/** The most orders a snapshot holds: a rush's worth many times over. */
export const SNAPSHOT_LIMIT = 2000;

/** Open orders and those closed in the last RECENTLY_CLOSED_MS, oldest first. */
export async function pickOrders(db: Kysely<ShopTables>, now: number): Promise<OrderView[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([eb('state', 'in', [...OPEN_STATES]), eb('state_at', '>', now - RECENTLY_CLOSED_MS)]),
    )
    .orderBy('received_at')
    .orderBy('kiosk_id')
    .orderBy('receipt_id')
    .limit(SNAPSHOT_LIMIT)
    .execute();
  return rows.map(viewOf);
}

export function boardItemOf(order: {
  collectionNumber: string | null;
  state: BoardItem['state'];
  stateAt: number;
}): BoardItem | null {
  return order.collectionNumber === null
    ? null
    : { number: order.collectionNumber, state: order.state, stateAt: order.stateAt };
}

/** The numbers the board shows: open orders of the last BOARD_HORIZON_MS, with a number. */
export async function boardItems(
  db: Kysely<ShopTables>,
  now: number,
  readyMs: number,
): Promise<BoardItem[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['collection_number', 'state', 'state_at'])
    .where('state', 'in', [...OPEN_STATES])
    .where('received_at', '>', now - BOARD_HORIZON_MS)
    .where('collection_number', 'is not', null)
    .orderBy('state_at')
    .limit(SNAPSHOT_LIMIT)
    .execute();
  return rows.flatMap((row) => {
    if (row.state === 'ready' && row.state_at < now - readyMs) return [];
    const item = boardItemOf({
      collectionNumber: row.collection_number,
      state: row.state,
      stateAt: row.state_at,
    });
    return item ? [item] : [];
  });
}

/** The moves after `after` (at most FEED_BATCH), each with its order as it stands. */
export async function changesAfter(db: Kysely<ShopTables>, after: number): Promise<PickChange[]> {
  const moves = (
    await db
      .selectFrom('order_moves')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(FEED_BATCH)
      .execute()
  ).map(moveViewOf);
  if (moves.length === 0) return [];
  const keys = [...new Set(moves.map((move) => `${move.kioskId} ${move.receiptId}`))];
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or(
        keys.map((key) => {
          const [kioskId = '', receiptId = ''] = key.split(' ');
          return eb.and([eb('kiosk_id', '=', kioskId), eb('receipt_id', '=', receiptId)]);
        }),
      ),
    )
    .execute();
  const orders = new Map(rows.map((row) => [`${row.kiosk_id} ${row.receipt_id}`, viewOf(row)]));
  return moves.flatMap((move) => {
    const order = orders.get(`${move.kioskId} ${move.receiptId}`);
    return order ? [{ move, order: pickView(order) }] : [];
  });
}

/** The board's changes: only moves of orders with a number, only number and state. */
export async function boardChangesAfter(
  db: Kysely<ShopTables>,
  after: number,
): Promise<{ id: number; change: BoardChange | null }[]> {
  return (await changesAfter(db, after)).map(({ move, order }) => {
    const item = boardItemOf(order);
    return { id: move.id, change: item ? { id: move.id, item } : null };
  });
}

/** An order as the screens get it: without the certificate it was signed under. */
export function pickView(order: OrderView): Omit<OrderView, 'serial'> {
  const { serial: _serial, ...view } = order;
  return view;
}
