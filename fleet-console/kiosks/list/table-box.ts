/**
 * The kiosk table's scrolling box: how far it is scrolled and how tall it is, learnt without
 * making the browser lay out the page inside React's commit. Reading the box's size when the
 * table is first drawn would make the browser lay out the whole console there and then,
 * which on a two-core machine (20–60 ms for the console's first layout) joined the first
 * drawing in one task. Here the height comes from a ResizeObserver, after the browser's own
 * first layout, the table starting meanwhile from a height worked out from the window; and
 * the offset from the box's own scroll events.
 */

/** The part of the box's content in view: from `offset` (its scrollTop), `height` px tall. */
export interface BoxView {
  offset: number;
  height: number;
}

/** The box's first height before it is measured: its CSS height is about 70 % of the window. */
export function estimatedBoxHeight(view: { innerHeight: number }): number {
  return Math.round(view.innerHeight * 0.7);
}

/** Reports the box's height (border box) as it changes and its offset as it scrolls. */
export function observeBox(
  box: HTMLElement,
  report: (change: Partial<BoxView>) => void,
): () => void {
  const onScroll = () => report({ offset: box.scrollTop });
  box.addEventListener('scroll', onScroll, { passive: true });
  const view = box.ownerDocument.defaultView;
  const observer = view?.ResizeObserver
    ? new view.ResizeObserver(([entry]) => {
        const size = entry?.borderBoxSize[0];
        if (size) report({ height: Math.round(size.blockSize) });
      })
    : null;
  observer?.observe(box);
  return () => {
    box.removeEventListener('scroll', onScroll);
    observer?.disconnect();
  };
}
