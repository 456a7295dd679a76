/**
 * The kiosk table's rows in view (row-window.ts), kept up to date as its box scrolls and
 * changes size (table-box.ts), and a way to scroll a row into view.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { offsetShowing, rowsInView, type RowLayout, type RowRange } from './row-window';
import { estimatedBoxHeight, observeBox, type BoxView } from './table-box';

export interface RowWindow {
  range: RowRange;
  /** Scrolls the box as little as it can to show row `index` whole. */
  scrollToIndex: (index: number) => void;
}

export function useRowWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  layout: RowLayout,
): RowWindow {
  const [view, setView] = useState<BoxView>(() => ({
    offset: 0,
    height: estimatedBoxHeight(window),
  }));
  const current = useRef({ view, layout });
  useEffect(() => {
    current.current = { view, layout };
  });

  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return undefined;
    return observeBox(box, (change) =>
      setView((was) => {
        const next = { ...was, ...change };
        return next.offset === was.offset && next.height === was.height ? was : next;
      }),
    );
  }, [scrollRef]);

  const { first, last } = rowsInView(view, layout);
  // The same range is the same object, so what depends on it runs only when it moves.
  const range = useMemo(() => ({ first, last }), [first, last]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const box = scrollRef.current;
      const offset = offsetShowing(index, current.current.view, current.current.layout);
      if (!box || offset === null) return;
      box.scrollTo({ top: offset });
      // Drawn at once; the box's scroll event then says where it really went.
      setView((was) => (was.offset === offset ? was : { ...was, offset }));
    },
    [scrollRef],
  );

  return { range, scrollToIndex };
}
