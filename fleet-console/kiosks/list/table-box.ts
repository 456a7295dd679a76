/**
 * How the kiosk table's virtualiser meets its scrolling box without making the browser lay
 * out the page inside React's commit. Its own ways read the box's size at once when the
 * table is first drawn, and scroll the box to where it already is (the top): either makes
 * the browser lay out the whole console there and then, which on a two-core machine, 20–60
 * ms for the console's first layout, joined the first drawing in one task. Here the size
 * comes from a ResizeObserver, after the browser's own first layout, the table starting
 * meanwhile from a size worked out from the window; and the first scroll, to the top of a
 * box that has never scrolled, is not made.
 */
import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

type TableVirtualizer = Virtualizer<HTMLDivElement, Element>;

/** The box's first size before it is measured: its CSS height is about 70 % of the window. */
export function estimatedBoxSize(view: { innerWidth: number; innerHeight: number }): Rect {
  return { width: view.innerWidth, height: Math.round(view.innerHeight * 0.7) };
}

export function observeBoxSize(
  instance: TableVirtualizer,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const view = element?.ownerDocument.defaultView;
  if (!element || !view?.ResizeObserver) return undefined;
  const observer = new view.ResizeObserver(([entry]) => {
    // The border box, as getBoundingClientRect gives it (the virtualiser's own way).
    const box = entry?.borderBoxSize[0];
    if (box) report({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Boxes this has scrolled at least once. */
const moved = new WeakSet<Element>();

export function scrollBox(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: TableVirtualizer,
): void {
  const box = instance.scrollElement;
  if (!box) return;
  // Never scrolled, by this or by hand (the virtualiser follows the box's scroll events):
  // the box is at the top already.
  const atTop = !moved.has(box) && (instance.scrollOffset ?? 0) === 0;
  if (atTop && offset + (options.adjustments ?? 0) === 0) return;
  moved.add(box);
  elementScroll(offset, options, instance);
}
