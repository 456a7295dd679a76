import { afterNextPaint } from './after-next-paint';

function motionReduced(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls an element to the top of its scroller after a change the shopper asked for, such
 * as a new page of results, so they see the new content from its start.
 *
 * Where motion is welcome, it glides there once the change has been painted: the change
 * shows a frame sooner (a scroll in that frame also makes the page find a new hover target
 * and send scroll events before it can paint), and the glide shows where the content went.
 * With reduced motion it jumps at once, in the same frame as the change: a jump a frame
 * later would flash the old place first.
 *
 * `target` is looked up when the scroll happens, after the change has rendered. Returns a
 * cancel function (nothing to cancel once the jump is done).
 */
export function bringToTop(target: () => HTMLElement | null): () => void {
  if (motionReduced()) {
    target()?.scrollIntoView({ block: 'start' });
    return () => undefined;
  }
  return afterNextPaint(() => target()?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
}
