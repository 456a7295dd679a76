/**
 * Which rows of the kiosk table to draw, and where to scroll to show one. Every row has the
 * same height, so both are arithmetic on the box's offset and height: no per-row record is
 * kept. A virtualiser that measures rows kept one for each of 10,000 kiosks and made them
 * all again whenever the list's length changed (every search, filter and post of an
 * arriving fleet): 10,000 objects of garbage each time, for rows it never measures.
 */
import type { BoxView } from './table-box';

export interface RowLayout {
  count: number;
  rowHeight: number;
  /** The sticky header row above the first row, which also covers the top of the view. */
  headerHeight: number;
  /** Rows drawn above and below those in view. */
  overscan: number;
}

/** The rows to draw, first to last (inclusive); none when `last` is below `first`. */
export interface RowRange {
  first: number;
  last: number;
}

export function rowsInView(view: BoxView, layout: RowLayout): RowRange {
  const { count, rowHeight, headerHeight, overscan } = layout;
  if (count === 0) return { first: 0, last: -1 };
  // A list that shrank under a box scrolled past its new end: the box is about to be put
  // back at its end, so draw the rows there.
  const end = Math.max(0, headerHeight + count * rowHeight - view.height);
  const offset = Math.min(Math.max(0, view.offset), end);
  const firstInView = Math.floor(Math.max(0, offset - headerHeight) / rowHeight);
  const lastInView = Math.floor(Math.max(0, offset + view.height - headerHeight - 1) / rowHeight);
  return {
    first: Math.max(0, Math.min(count - 1, firstInView - overscan)),
    last: Math.max(0, Math.min(count - 1, lastInView + overscan)),
  };
}

/** The offset that shows row `index` whole, moving as little as it can; null: already shown. */
export function offsetShowing(index: number, view: BoxView, layout: RowLayout): number | null {
  const { rowHeight, headerHeight } = layout;
  const top = headerHeight + index * rowHeight;
  const bottom = top + rowHeight;
  if (top < view.offset + headerHeight) return top - headerHeight;
  if (bottom > view.offset + view.height) return bottom - view.height;
  return null;
}
