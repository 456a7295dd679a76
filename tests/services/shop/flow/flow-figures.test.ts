/**
 * The flow's figures from kept moves: nearest-rank percentiles of whole milliseconds, the
 * clock started at confirm (or at arrival for a late order), a recalled ready counted at its
 * second ready, a recalled handover not counted, and only spans that ended in the window.
 */
import { describe, expect, it } from 'vitest';
import {
  clockStart,
  flowSummary,
  percentile,
  readyAndHandover,
  spans,
  type FlowOrder,
} from '../../../../services/shop/flow/flow-figures';

const MIN = 60_000;
const NOW = 10 * 60 * MIN;

const order = (overrides: Partial<FlowOrder>): FlowOrder => ({
  at: NOW - 30 * MIN,
  receivedAt: NOW - 30 * MIN + 500,
  late: false,
  state: 'handed-over',
  moves: [],
  ...overrides,
});

describe('percentile', () => {
  it('is nearest-rank: a time some order took, never a blend', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([40, 10, 30, 20], 0.5)).toBe(20);
    expect(percentile([40, 10, 30, 20], 0.9)).toBe(40);
    const hundred = Array.from({ length: 100 }, (_, index) => (index + 1) * 1000);
    expect(percentile(hundred, 0.5)).toBe(50_000);
    expect(percentile(hundred, 0.9)).toBe(90_000);
    expect(Number.isInteger(percentile([1001, 1003], 0.5))).toBe(true);
  });
});

describe('an order’s clock', () => {
  it('starts at the confirm, or at arrival when the kiosk was offline', () => {
    expect(clockStart({ at: 1000, receivedAt: 1500, late: false })).toBe(1000);
    expect(clockStart({ at: 1000, receivedAt: 900_000, late: true })).toBe(900_000);
  });
});

describe('ready and handover', () => {
  it('takes the last ready, and the handover only while it stands', () => {
    const recalled = order({
      state: 'ready',
      moves: [
        { to: 'ready', at: 100 },
        { to: 'handed-over', at: 200 },
        { to: 'ready', at: 300 },
      ],
    });
    expect(readyAndHandover(recalled)).toEqual({ ready: 300, handover: null });
    const again = order({
      moves: [
        { to: 'ready', at: 100 },
        { to: 'ready', at: 150 },
        { to: 'handed-over', at: 400 },
      ],
    });
    expect(readyAndHandover(again)).toEqual({ ready: 150, handover: 400 });
    // Handed over at the counter straight from Picking: no ready to measure from.
    expect(readyAndHandover(order({ moves: [{ to: 'handed-over', at: 50 }] }))).toEqual({
      ready: null,
      handover: null,
    });
  });

  it('counts a span only when it ended in the window, and never below zero', () => {
    const since = NOW - 60 * MIN;
    const measured = spans(
      [
        order({
          moves: [
            { to: 'ready', at: NOW - 22 * MIN },
            { to: 'handed-over', at: NOW - 20 * MIN },
          ],
        }),
        // Ready before the window, handed over in it.
        order({
          at: NOW - 90 * MIN,
          moves: [
            { to: 'ready', at: NOW - 70 * MIN },
            { to: 'handed-over', at: NOW - 50 * MIN },
          ],
        }),
        // A kiosk clock ahead of the service's.
        order({ at: NOW - MIN, state: 'ready', moves: [{ to: 'ready', at: NOW - 2 * MIN }] }),
      ],
      since,
      NOW,
    );
    expect(measured.confirmToReady).toEqual([8 * MIN, 0]);
    expect(measured.readyToHandover).toEqual([2 * MIN, 20 * MIN]);
  });
});

describe('the summary', () => {
  it('counts what waits now and how long the oldest unready order has', () => {
    const summary = flowSummary({
      now: NOW,
      windowMs: 60 * MIN,
      ordersInWindow: 3,
      ordersTotal: 40,
      finished: [
        order({
          at: NOW - 20 * MIN,
          moves: [
            { to: 'ready', at: NOW - 14 * MIN },
            { to: 'handed-over', at: NOW - 10 * MIN },
          ],
        }),
      ],
      open: [
        { at: NOW - 12 * MIN, receivedAt: NOW - 12 * MIN, late: false, state: 'new' },
        { at: NOW - 4 * MIN, receivedAt: NOW - 4 * MIN, late: false, state: 'picking' },
        { at: NOW - 50 * MIN, receivedAt: NOW - 50 * MIN, late: false, state: 'ready' },
        // Confirmed offline an hour ago, here a minute ago: waiting a minute.
        { at: NOW - 60 * MIN, receivedAt: NOW - MIN, late: true, state: 'new' },
      ],
    });
    expect(summary).toEqual({
      windowMs: 60 * MIN,
      now: NOW,
      ordersInWindow: 3,
      ordersTotal: 40,
      confirmToReady: { count: 1, p50Ms: 6 * MIN, p90Ms: 6 * MIN },
      readyToHandover: { count: 1, p50Ms: 4 * MIN, p90Ms: 4 * MIN },
      waiting: { new: 2, picking: 1, ready: 1 },
      oldestUnreadyMs: 12 * MIN,
    });
  });

  it('says none, not zero, for a span no order finished', () => {
    const summary = flowSummary({
      now: NOW,
      windowMs: 60 * MIN,
      ordersInWindow: 0,
      ordersTotal: 0,
      finished: [],
      open: [],
    });
    expect(summary.confirmToReady).toEqual({ count: 0, p50Ms: null, p90Ms: null });
    expect(summary.oldestUnreadyMs).toBe(0);
  });
});
