/**
 * The flow's figures from an order's kept moves, as pure functions over whole milliseconds
 * (flow-reads.ts reads what they need). An order's clock starts at its shopper's confirm,
 * or, for a late order (its kiosk was offline), when it reached the service: the stockroom
 * could not pick what it could not see, so an outage is not counted as their wait.
 *
 * Confirm to ready ends at the order's last move into Ready (a recalled ready and a second
 * one count once, at the second); ready to handover runs from that move to the handover.
 * An order counts in the window when that end falls in it. Percentiles are nearest-rank:
 * always a time some order really took, never an interpolation.
 */
import type { FlowSummary, OrderState, SpanFigures } from '../../../shared/fleet/order-flow';

export const FLOW_WINDOW_MS = 60 * 60_000;

export interface FlowMove {
  to: OrderState;
  at: number;
}

export interface FlowOrder {
  /** The shopper's confirm, by the kiosk's clock. */
  at: number;
  receivedAt: number;
  late: boolean;
  state: OrderState;
  /** Its moves into Ready and Handed over, oldest first (others may be left out). */
  moves: readonly FlowMove[];
}

/** When an order's clock starts. */
export const clockStart = (order: Pick<FlowOrder, 'at' | 'receivedAt' | 'late'>): number =>
  order.late ? order.receivedAt : order.at;

/** The nearest-rank percentile (0 < p ≤ 1) of whole milliseconds; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? null;
}

export function spanFigures(values: readonly number[]): SpanFigures {
  return { count: values.length, p50Ms: percentile(values, 0.5), p90Ms: percentile(values, 0.9) };
}

/** The order's last move into Ready, and the handover after it if it stands. */
export function readyAndHandover(order: FlowOrder): {
  ready: number | null;
  handover: number | null;
} {
  let ready: number | null = null;
  let handover: number | null = null;
  for (const move of order.moves) {
    if (move.to === 'ready') {
      ready = move.at;
      handover = null;
    } else if (move.to === 'handed-over') handover = move.at;
  }
  return { ready, handover: order.state === 'handed-over' && ready !== null ? handover : null };
}

/** The spans of orders whose span ended in (since, now]: never negative (kiosk clocks drift). */
export function spans(
  orders: readonly FlowOrder[],
  since: number,
  now: number,
): { confirmToReady: number[]; readyToHandover: number[] } {
  const confirmToReady: number[] = [];
  const readyToHandover: number[] = [];
  const inWindow = (at: number) => at > since && at <= now;
  for (const order of orders) {
    const { ready, handover } = readyAndHandover(order);
    if (ready !== null && inWindow(ready)) {
      confirmToReady.push(Math.max(0, ready - clockStart(order)));
    }
    if (ready !== null && handover !== null && inWindow(handover)) {
      readyToHandover.push(Math.max(0, handover - ready));
    }
  }
  return { confirmToReady, readyToHandover };
}

export interface OpenOrder {
  at: number;
  receivedAt: number;
  late: boolean;
  state: OrderState;
}

export interface FlowInput {
  now: number;
  windowMs: number;
  ordersInWindow: number;
  ordersTotal: number;
  /** Orders with a move into Ready or Handed over in the window, with those moves. */
  finished: readonly FlowOrder[];
  /** Orders in New, Picking or Ready now. */
  open: readonly OpenOrder[];
}

export function flowSummary(input: FlowInput): FlowSummary {
  const { now, windowMs } = input;
  const measured = spans(input.finished, now - windowMs, now);
  const waiting = { new: 0, picking: 0, ready: 0 };
  let oldestUnreadyMs = 0;
  for (const order of input.open) {
    if (order.state !== 'new' && order.state !== 'picking' && order.state !== 'ready') continue;
    waiting[order.state] += 1;
    if (order.state !== 'ready') {
      oldestUnreadyMs = Math.max(oldestUnreadyMs, now - clockStart(order));
    }
  }
  return {
    windowMs,
    now,
    ordersInWindow: input.ordersInWindow,
    ordersTotal: input.ordersTotal,
    confirmToReady: spanFigures(measured.confirmToReady),
    readyToHandover: spanFigures(measured.readyToHandover),
    waiting,
    oldestUnreadyMs,
  };
}
