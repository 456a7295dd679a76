import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import { estimatedBoxSize, observeBoxSize, scrollBox } from './table-box';

type TableVirtualizer = Virtualizer<HTMLDivElement, Element>;

/** The parts of a virtualiser these read. */
function virtualizerOf(box: HTMLDivElement | null, scrollOffset: number | null = null) {
  return { scrollElement: box, scrollOffset, options: {} } as unknown as TableVirtualizer;
}

function scrolledBox() {
  const box = document.createElement('div');
  const scrollTo = vi.fn();
  box.scrollTo = scrollTo;
  return { box, scrollTo };
}

describe('the kiosk table’s box, measured and scrolled without a layout in the commit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts from 70 % of the window, as the box’s CSS height is', () => {
    expect(estimatedBoxSize({ innerWidth: 1920, innerHeight: 1080 })).toEqual({
      width: 1920,
      height: 756,
    });
  });

  it('learns the box’s border-box size from a ResizeObserver, never by reading it', () => {
    let observed: ResizeObserverCallback | null = null;
    const disconnect = vi.fn();
    class FakeObserver {
      constructor(callback: ResizeObserverCallback) {
        observed = callback;
      }
      observe = vi.fn();
      disconnect = disconnect;
    }
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const { box } = scrolledBox();
    const read = vi.spyOn(box, 'getBoundingClientRect');
    const sizes: Rect[] = [];
    const stop = observeBoxSize(virtualizerOf(box), (rect) => sizes.push(rect));
    expect(sizes).toEqual([]);
    const entry = { borderBoxSize: [{ inlineSize: 1335.4, blockSize: 755.6 }] };
    observed!([entry as unknown as ResizeObserverEntry], {} as ResizeObserver);
    expect(sizes).toEqual([{ width: 1335, height: 756 }]);
    expect(read).not.toHaveBeenCalled();
    stop?.();
    expect(disconnect).toHaveBeenCalled();
  });

  it('makes no first scroll to the top of a box that has never scrolled', () => {
    const { box, scrollTo } = scrolledBox();
    scrollBox(0, {}, virtualizerOf(box));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls anywhere else, and to the top once it has scrolled', () => {
    const { box, scrollTo } = scrolledBox();
    scrollBox(720, {}, virtualizerOf(box));
    scrollBox(0, {}, virtualizerOf(box));
    expect(scrollTo.mock.calls.map(([options]) => (options as ScrollToOptions).top)).toEqual([
      720, 0,
    ]);
  });

  it('scrolls to the top of a box scrolled by hand', () => {
    const { box, scrollTo } = scrolledBox();
    scrollBox(0, {}, virtualizerOf(box, 1440));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('counts an adjustment in where it scrolls to', () => {
    const { box, scrollTo } = scrolledBox();
    scrollBox(0, { adjustments: 72 }, virtualizerOf(box));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
