import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoxView } from './table-box';
import { estimatedBoxHeight, observeBox } from './table-box';

describe('the kiosk table’s box, measured without a layout in the commit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts from 70 % of the window, as the box’s CSS height is', () => {
    expect(estimatedBoxHeight({ innerHeight: 1080 })).toBe(756);
  });

  it('learns its border-box height from a ResizeObserver and its offset as it scrolls, never by reading its size', () => {
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
    const box = document.createElement('div');
    const read = vi.spyOn(box, 'getBoundingClientRect');
    const changes: Partial<BoxView>[] = [];
    const stop = observeBox(box, (change) => changes.push(change));
    expect(changes).toEqual([]);
    const entry = { borderBoxSize: [{ inlineSize: 1335.4, blockSize: 755.6 }] };
    observed!([entry as unknown as ResizeObserverEntry], {} as ResizeObserver);
    box.scrollTop = 720;
    box.dispatchEvent(new Event('scroll'));
    expect(changes).toEqual([{ height: 756 }, { offset: 720 }]);
    expect(read).not.toHaveBeenCalled();
    stop();
    expect(disconnect).toHaveBeenCalled();
    box.dispatchEvent(new Event('scroll'));
    expect(changes).toHaveLength(2);
  });
});
