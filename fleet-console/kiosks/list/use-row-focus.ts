/**
 * Where the keyboard focus goes in the kiosk table, whose rows are drawn into slots: a row
 * moved to by the keyboard is focused once it is drawn, and after a sort, a filter or a
 * scroll the focus follows the kiosk it was on, never silently onto another one.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type RefObject,
} from 'react';
import type { KioskState } from '../../fleet/fleet-state';
import type { RowRange } from './row-window';

interface RowFocusOptions {
  rows: readonly KioskState[];
  /** The rows drawn: a row moved to is focused once it is among them. */
  range: RowRange;
  scrollToIndex: (index: number) => void;
  tableRef: RefObject<HTMLTableElement | null>;
  scrollRef: RefObject<HTMLDivElement | null>;
}

export function useRowFocus({ rows, range, scrollToIndex, tableRef, scrollRef }: RowFocusOptions) {
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  // A row moved to by the keyboard is focused once it is drawn (scrolling may take a frame).
  useEffect(() => {
    if (focusIndex === null) return;
    const button = tableRef.current?.querySelector<HTMLButtonElement>(
      `tr[data-index="${focusIndex}"] button`,
    );
    if (!button) return;
    button.focus({ preventScroll: true });
    setFocusIndex(null);
  }, [focusIndex, range, tableRef]);

  // Rows are drawn into slots, so after a sort, a filter or a scroll the focused button may
  // show another kiosk: focus follows the kiosk it was on, never silently onto another one.
  const focusedKiosk = useRef<string | null>(null);
  const lastRows = useRef(rows);
  const onFocus = useCallback((event: FocusEvent<HTMLTableSectionElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-kiosk]');
    focusedKiosk.current = row?.dataset.kiosk ?? null;
  }, []);
  const onBlur = useCallback((event: FocusEvent<HTMLTableSectionElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) {
      focusedKiosk.current = null;
    }
  }, []);
  useLayoutEffect(() => {
    const listChanged = lastRows.current !== rows;
    lastRows.current = rows;
    const id = focusedKiosk.current;
    const table = tableRef.current;
    if (id === null || !table) return;
    const active = document.activeElement;
    // A row removed while focused leaves the focus on the page's body.
    const lost = active === null || active === document.body;
    if (!lost && !(active instanceof HTMLElement && table.contains(active))) return;
    if (!lost && active.closest<HTMLElement>('tr[data-kiosk]')?.dataset.kiosk === id) return;
    const drawn = table.querySelector<HTMLButtonElement>(
      `tr[data-kiosk="${CSS.escape(id)}"] button`,
    );
    if (drawn) {
      drawn.focus({ preventScroll: true });
      return;
    }
    const index = listChanged ? rows.findIndex((kiosk) => kiosk.id === id) : -1;
    if (index >= 0) {
      // The list changed under the operator: follow the kiosk to its new place.
      scrollToIndex(index);
      setFocusIndex(index);
      return;
    }
    // Scrolled away by hand, or filtered out: the box keeps the focus, not another kiosk.
    focusedKiosk.current = null;
    scrollRef.current?.focus({ preventScroll: true });
  }, [rows, range, scrollToIndex, tableRef, scrollRef]);

  return { setFocusIndex, onFocus, onBlur };
}
