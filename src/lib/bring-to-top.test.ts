import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFrames } from '@/test/fake-frames';
import { bringToTop } from './bring-to-top';

function prefersReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  }));
}

describe('bringToTop', () => {
  let target: HTMLElement;
  let scrolls: ScrollIntoViewOptions[];

  beforeEach(() => {
    fakeFrames();
    target = document.createElement('h1');
    scrolls = [];
    target.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => {
      scrolls.push(typeof options === 'object' ? options : {});
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('glides to the target only after the change has been painted', () => {
    prefersReducedMotion(false);
    bringToTop(() => target);
    expect(scrolls).toEqual([]);
    vi.advanceTimersByTime(17);
    vi.runOnlyPendingTimers();
    expect(scrolls).toEqual([{ block: 'start', behavior: 'smooth' }]);
  });

  it('jumps at once, in the same task, when motion is unwelcome', () => {
    prefersReducedMotion(true);
    bringToTop(() => target);
    expect(scrolls).toEqual([{ block: 'start' }]);
    vi.runAllTimers();
    expect(scrolls).toHaveLength(1);
  });

  it('looks the target up when it scrolls, and skips one that is gone', () => {
    prefersReducedMotion(false);
    let current: HTMLElement | null = null;
    bringToTop(() => current);
    current = target;
    vi.advanceTimersByTime(17);
    vi.runOnlyPendingTimers();
    expect(scrolls).toHaveLength(1);

    bringToTop(() => null);
    expect(() => {
      vi.advanceTimersByTime(17);
      vi.runOnlyPendingTimers();
    }).not.toThrow();
  });

  it('a glide that is cancelled never starts', () => {
    prefersReducedMotion(false);
    const cancel = bringToTop(() => target);
    cancel();
    vi.runAllTimers();
    expect(scrolls).toEqual([]);
  });
});
