/**
 * The pick screen's orders as plain data: what the snapshot and each change make of them,
 * the columns they stand in (New, Picking, Ready, then those closed a moment ago), which
 * arrivals are news (a chime), and how long an order has waited against the shop's timers.
 */
import {
  type PickChange,
  type PickOrder,
  type PickSnapshot,
  type ShopSettings,
} from '@shared/fleet/order-flow';

export type OrderKey = string;

export const keyOf = (order: Pick<PickOrder, 'kioskId' | 'receiptId'>): OrderKey =>
  `${order.kioskId} ${order.receiptId}`;

export interface PickBoard {
  orders: ReadonlyMap<OrderKey, PickOrder>;
  /** The newest move applied: a change at or below it is old news. */
  lastMoveId: number;
  /** The service's clock minus this page's, so timers count from the service's times. */
  clockSkewMs: number;
}

export const EMPTY_BOARD: PickBoard = { orders: new Map(), lastMoveId: 0, clockSkewMs: 0 };

/**
 * Closed orders a pick screen keeps, the newest: enough to recall a slip of the hand, and no
 * more, since a busy counter closes thousands a day and every one kept is drawn and laid out
 * again with each change.
 */
export const JUST_CLOSED_KEPT = 12;

const isClosed = (order: PickOrder): boolean =>
  order.state === 'handed-over' || order.state === 'cancelled';

/** `orders` less the closed ones past the newest JUST_CLOSED_KEPT (the same map if none). */
function keepRecentClosed(orders: Map<OrderKey, PickOrder>): Map<OrderKey, PickOrder> {
  const closed = [...orders.values()].filter(isClosed);
  if (closed.length <= JUST_CLOSED_KEPT) return orders;
  closed.sort((a, b) => b.stateAt - a.stateAt);
  for (const order of closed.slice(JUST_CLOSED_KEPT)) orders.delete(keyOf(order));
  return orders;
}

/**
 * Whether a snapshot's order says what the page already holds. What a kiosk sent (number,
 * lines, total, times) is the order's for good; only its state, the state's time and a
 * cancel's reason move.
 */
const unchanged = (held: PickOrder, read: PickOrder): boolean =>
  held.state === read.state &&
  held.stateAt === read.stateAt &&
  held.cancelReason === read.cancelReason &&
  held.collectionNumber === read.collectionNumber &&
  held.late === read.late &&
  held.totalCents === read.totalCents &&
  held.lines.length === read.lines.length;

/**
 * A snapshot replaces everything; `arrivals` are the orders new to this page (for a chime).
 * An order it has not changed keeps the object the page holds, so its card is not drawn
 * again: the service ends each change feed after some minutes and the page reads a whole
 * snapshot, and redrawing every open order's card then was the screen's longest task.
 */
export function fromSnapshot(
  before: PickBoard,
  snapshot: PickSnapshot,
  pageNow: number,
): { board: PickBoard; arrivals: PickOrder[] } {
  const kept = (order: PickOrder): PickOrder => {
    const held = before.orders.get(keyOf(order));
    return held !== undefined && unchanged(held, order) ? held : order;
  };
  const orders = keepRecentClosed(
    new Map(snapshot.orders.map((order) => [keyOf(order), kept(order)])),
  );
  const first = before.lastMoveId === 0 && before.orders.size === 0;
  const arrivals = first
    ? []
    : snapshot.orders.filter((order) => order.state === 'new' && !before.orders.has(keyOf(order)));
  const skew = snapshot.now - pageNow;
  // Every card's timer counts from the skew: one that moved by less than the timers' second
  // (a request's time there and back) is kept, so no card is drawn again for it.
  const clockSkewMs =
    !first && Math.abs(skew - before.clockSkewMs) < SKEW_KEPT_MS ? before.clockSkewMs : skew;
  return { board: { orders, lastMoveId: snapshot.lastMoveId, clockSkewMs }, arrivals };
}

/** A new reading of the service's clock within this of the last one changes nothing shown. */
export const SKEW_KEPT_MS = 1000;

/**
 * The shop's settings as read again with each snapshot: the same object while they say the
 * same, so the cards that are given them are not drawn again.
 */
export const keptSettings = (held: ShopSettings, read: ShopSettings): ShopSettings =>
  JSON.stringify(held) === JSON.stringify(read) ? held : read;

/** A change applied; `arrival` when it is an order that just came in. */
export function applyChange(
  board: PickBoard,
  change: PickChange,
  id: number,
): { board: PickBoard; arrival: PickOrder | null } {
  if (id <= board.lastMoveId) return { board, arrival: null };
  const orders = new Map(board.orders);
  const key = keyOf(change.order);
  const known = orders.has(key);
  orders.set(key, change.order);
  if (isClosed(change.order)) keepRecentClosed(orders);
  const arrival = change.move.kind === 'arrived' && !known ? change.order : null;
  return { board: { ...board, orders, lastMoveId: id }, arrival };
}

export const COLUMNS = ['new', 'picking', 'ready', 'closed'] as const;
export type Column = (typeof COLUMNS)[number];

export const COLUMN_TITLES: Readonly<Record<Column, string>> = {
  new: 'New',
  picking: 'Picking',
  ready: 'Ready',
  closed: 'Just closed',
};

/** Orders in each column: the oldest first, where staff start; closed ones newest first. */
export function columnsOf(board: PickBoard): Record<Column, PickOrder[]> {
  const columns: Record<Column, PickOrder[]> = { new: [], picking: [], ready: [], closed: [] };
  for (const order of board.orders.values()) {
    const column: Column =
      order.state === 'handed-over' || order.state === 'cancelled' ? 'closed' : order.state;
    columns[column].push(order);
  }
  for (const column of ['new', 'picking', 'ready'] as const) {
    columns[column].sort((a, b) => a.at - b.at || keyOf(a).localeCompare(keyOf(b)));
  }
  columns.closed.sort((a, b) => b.stateAt - a.stateAt);
  return columns;
}

export type Urgency = 'calm' | 'amber' | 'red';

/** How long an order has waited since its shopper confirmed it, against the shop's timers. */
export function urgencyOf(
  order: Pick<PickOrder, 'at' | 'state'>,
  settings: Pick<ShopSettings, 'pickAmberMinutes' | 'pickRedMinutes'>,
  now: number,
): Urgency {
  if (order.state === 'handed-over' || order.state === 'cancelled') return 'calm';
  const minutes = (now - order.at) / 60_000;
  if (minutes >= settings.pickRedMinutes) return 'red';
  if (minutes >= settings.pickAmberMinutes) return 'amber';
  return 'calm';
}

/** "4:07": minutes and seconds waited; hours past the first, "1:02:07". */
export function waitedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
