// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, type PickChange, type PickOrder } from '@shared/fleet/order-flow';
import {
  applyChange,
  columnsOf,
  EMPTY_BOARD,
  fromSnapshot,
  JUST_CLOSED_KEPT,
  keptSettings,
  urgencyOf,
  waitedText,
} from './pick-orders';

const order = (receiptId: string, state: PickOrder['state'], at = 1000): PickOrder => ({
  kioskId: 'kiosk-01',
  receiptId,
  collectionNumber: 'C 1',
  at,
  receivedAt: at,
  late: false,
  lines: [{ productId: 1, title: 'Ring', quantity: 1, priceCents: 100 }],
  totalCents: 100,
  state,
  stateAt: at,
  cancelReason: null,
});
const snapshot = (orders: PickOrder[], lastMoveId: number) => ({
  orders,
  lastMoveId,
  settings: DEFAULT_SHOP_SETTINGS,
  now: 5000,
});
const change = (next: PickOrder, kind: PickChange['move']['kind'], id: number): PickChange => ({
  move: {
    id,
    kioskId: next.kioskId,
    receiptId: next.receiptId,
    kind,
    from: null,
    to: next.state,
    by: 'Sam',
    at: 1,
    reason: null,
  },
  order: next,
});

describe('the pick screen’s orders', () => {
  it('chimes for orders that arrive while it is open, never for those it opened with', () => {
    const first = fromSnapshot(EMPTY_BOARD, snapshot([order('Receipt-1-1', 'new')], 4), 4000);
    expect(first.arrivals).toEqual([]);
    expect(first.board.clockSkewMs).toBe(1000);
    const arrived = applyChange(first.board, change(order('Receipt-2-2', 'new'), 'arrived', 5), 5);
    expect(arrived.arrival?.receiptId).toBe('Receipt-2-2');
    // Old news (a move at or below the last one applied) changes nothing.
    expect(
      applyChange(arrived.board, change(order('Receipt-3-3', 'new'), 'arrived', 5), 5).board,
    ).toBe(arrived.board);
    const again = fromSnapshot(
      arrived.board,
      snapshot(
        [order('Receipt-1-1', 'new'), order('Receipt-2-2', 'new'), order('Receipt-4-4', 'new')],
        9,
      ),
      4000,
    );
    expect(again.arrivals.map((one) => one.receiptId)).toEqual(['Receipt-4-4']);
    // An order the snapshot did not change keeps its object (its card is not drawn again).
    expect(again.board.orders.get('kiosk-01 Receipt-1-1')).toBe(
      first.board.orders.get('kiosk-01 Receipt-1-1'),
    );
  });

  it('takes from a later snapshot each order it changed, and keeps the objects of the rest', () => {
    const held = fromSnapshot(
      EMPTY_BOARD,
      snapshot(
        [order('Receipt-1-1', 'new'), order('Receipt-2-2', 'new'), order('Receipt-3-3', 'new')],
        4,
      ),
      4000,
    ).board;
    const picked = { ...order('Receipt-2-2', 'picking'), stateAt: 2000 };
    const cancelled = { ...order('Receipt-3-3', 'cancelled'), cancelReason: 'Out of stock' };
    const read = [order('Receipt-1-1', 'new'), picked, cancelled];
    const next = fromSnapshot(held, snapshot(read, 7), 4000).board;
    expect(next.orders.get('kiosk-01 Receipt-1-1')).toBe(held.orders.get('kiosk-01 Receipt-1-1'));
    expect(next.orders.get('kiosk-01 Receipt-2-2')).toBe(picked);
    expect(next.orders.get('kiosk-01 Receipt-3-3')).toBe(cancelled);
    // A reason given without a change of state is a change too.
    const reasoned = { ...cancelled, cancelReason: 'Damaged' };
    const after = fromSnapshot(next, snapshot([read[0]!, picked, reasoned], 8), 4000).board;
    expect(after.orders.get('kiosk-01 Receipt-3-3')).toBe(reasoned);
  });

  it('keeps the clock skew and the settings a later snapshot reads again unchanged', () => {
    const held = fromSnapshot(EMPTY_BOARD, snapshot([order('Receipt-1-1', 'new')], 4), 4000).board;
    expect(held.clockSkewMs).toBe(1000);
    // The same clock read again, a request's time off: kept.
    expect(fromSnapshot(held, snapshot([], 5), 3700).board.clockSkewMs).toBe(1000);
    // A clock that moved by a second or more: taken.
    expect(fromSnapshot(held, snapshot([], 5), 2500).board.clockSkewMs).toBe(2500);
    const settings = { ...DEFAULT_SHOP_SETTINGS };
    expect(keptSettings(settings, { ...DEFAULT_SHOP_SETTINGS })).toBe(settings);
    const later = { ...DEFAULT_SHOP_SETTINGS, pickAmberMinutes: 7 };
    expect(keptSettings(settings, later)).toBe(later);
    const languages = { ...DEFAULT_SHOP_SETTINGS, boardSpeechLanguages: ['en', 'de'] };
    expect(keptSettings(settings, languages)).toBe(languages);
  });

  it('puts orders in their columns, the oldest first, closed ones newest first', () => {
    const { board } = fromSnapshot(
      EMPTY_BOARD,
      snapshot(
        [
          order('Receipt-2-2', 'new', 2000),
          order('Receipt-1-1', 'new', 1000),
          order('Receipt-3-3', 'cancelled'),
          order('Receipt-4-4', 'ready'),
        ],
        1,
      ),
      0,
    );
    const columns = columnsOf(board);
    expect(columns.new.map((one) => one.receiptId)).toEqual(['Receipt-1-1', 'Receipt-2-2']);
    expect(columns.ready).toHaveLength(1);
    expect(columns.closed).toHaveLength(1);
  });

  it('keeps only the newest closed orders, from the snapshot and as orders close', () => {
    const closed = Array.from({ length: JUST_CLOSED_KEPT + 5 }, (_, index) =>
      order(`Receipt-${index + 10}-${index}`, 'handed-over', 1000 + index),
    );
    const open = order('Receipt-1-1', 'new', 500);
    const { board } = fromSnapshot(EMPTY_BOARD, snapshot([open, ...closed], 1), 0);
    expect(columnsOf(board).closed).toHaveLength(JUST_CLOSED_KEPT);
    expect(columnsOf(board).closed[0]?.receiptId).toBe(closed.at(-1)?.receiptId);
    expect(board.orders.has(`kiosk-01 ${closed[0]?.receiptId ?? ''}`)).toBe(false);
    const handed = { ...open, state: 'handed-over' as const, stateAt: 9000 };
    const after = applyChange(board, change(handed, 'handover', 2), 2).board;
    expect(after.orders.size).toBe(JUST_CLOSED_KEPT);
    expect(columnsOf(after).closed[0]?.receiptId).toBe('Receipt-1-1');
    expect(columnsOf(after).new).toHaveLength(0);
  });

  it('turns amber and red at the shop’s times, and counts the wait', () => {
    const settings = { pickAmberMinutes: 5, pickRedMinutes: 10 };
    expect(urgencyOf(order('Receipt-1-1', 'new', 0), settings, 4 * 60_000)).toBe('calm');
    expect(urgencyOf(order('Receipt-1-1', 'picking', 0), settings, 5 * 60_000)).toBe('amber');
    expect(urgencyOf(order('Receipt-1-1', 'ready', 0), settings, 10 * 60_000)).toBe('red');
    expect(urgencyOf(order('Receipt-1-1', 'cancelled', 0), settings, 60 * 60_000)).toBe('calm');
    expect(waitedText(247_000)).toBe('4:07');
    expect(waitedText(3_727_000)).toBe('1:02:07');
    expect(waitedText(-5)).toBe('0:00');
  });
});
