/**
 * The pick screen's keyboard (pick-keys.ts) wired to the page: which order has the focus,
 * the card elements to put it on, and the window's keys. A bump bar's keys arrive wherever
 * the focus is (on the page itself once the focused order moved to another column), so the
 * whole window listens; keys typed in a field or the cancel dialog are theirs.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { OPEN_STATES, stepFrom, type PickAction, type PickOrder } from '@shared/fleet/order-flow';
import { commandFor, type Focus } from './pick-keys';
import { COLUMNS, keyOf, type Column, type OrderKey } from './pick-orders';

export interface PickKeys {
  focusKey: OrderKey | null;
  /** The one order in the Tab order: the focused one, else the first. */
  tabbableKey: OrderKey | null;
  cards: RefObject<Map<OrderKey, HTMLElement>>;
  setFocusKey: (key: OrderKey) => void;
}

export function usePickKeys(
  columns: Readonly<Record<Column, PickOrder[]>>,
  actions: {
    move: (order: PickOrder, action: PickAction) => void;
    cancel: (order: PickOrder) => void;
    onKey: () => void;
  },
): PickKeys {
  const [focusKey, setFocusKey] = useState<OrderKey | null>(null);
  const cards = useRef(new Map<OrderKey, HTMLElement>());

  let focus: Focus | null = null;
  for (const column of COLUMNS) {
    const index = columns[column].findIndex((order) => keyOf(order) === focusKey);
    if (index !== -1) focus = { column, index };
  }
  const focusedOrder = focus ? (columns[focus.column][focus.index] ?? null) : null;
  const firstOrder = COLUMNS.map((column) => columns[column][0]).find(Boolean);
  const tabbableKey = focus ? focusKey : firstOrder ? keyOf(firstOrder) : null;

  const onKeyDown = (event: KeyboardEvent) => {
    actions.onKey();
    const target = event.target instanceof HTMLElement ? event.target : document.body;
    if (target.closest('input, textarea, dialog')) return;
    // Enter and Space on a button or link press it; on an order they move it on.
    if ((event.key === 'Enter' || event.key === ' ') && ['BUTTON', 'A'].includes(target.tagName))
      return;
    const counts = {
      new: columns.new.length,
      picking: columns.picking.length,
      ready: columns.ready.length,
      closed: columns.closed.length,
    };
    const command = commandFor(event.key, focus, counts);
    if (!command) return;
    event.preventDefault();
    if (command.kind === 'focus') {
      const order = columns[command.column][command.index];
      if (order) {
        setFocusKey(keyOf(order));
        cards.current.get(keyOf(order))?.focus();
      }
      return;
    }
    if (!focusedOrder) return;
    const step = stepFrom(focusedOrder.state);
    if (command.kind === 'advance' && step) actions.move(focusedOrder, step);
    if (command.kind === 'recall') actions.move(focusedOrder, 'recall');
    if (command.kind === 'cancel' && OPEN_STATES.includes(focusedOrder.state)) {
      actions.cancel(focusedOrder);
    }
  };

  const keys = useRef(onKeyDown);
  useEffect(() => {
    keys.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
  // The focused order keeps the focus when it moves to another column (its card is new there).
  useEffect(() => {
    if (focusKey === null) return;
    const active = document.activeElement;
    if (active === null || active === document.body) cards.current.get(focusKey)?.focus();
  }, [columns, focusKey]);

  return { focusKey, tabbableKey, cards, setFocusKey };
}
