import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFrames } from '@/test/fake-frames';
import { resetFirstGridForTests, useCardsToRender } from './use-cards-to-render';

/** A screen of this width in rem, as the grid's media queries ask (grid-columns.ts). */
const screenOf = (widthRem: number) =>
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width: ([\d.]+)rem/.exec(query);
    return { matches: min !== null && widthRem >= Number(min[1]) };
  });

/** A frame, then the idle moment after it, as afterNextPaint waits for. */
const paint = () =>
  act(() => {
    vi.advanceTimersByTime(20);
    vi.runOnlyPendingTimers();
  });

describe('useCardsToRender (the top row first)', () => {
  beforeEach(() => {
    fakeFrames();
    resetFirstGridForTests();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each([
    ['a phone', 23, 1],
    ['a portrait kiosk or a tablet', 67.5, 2],
    ['a laptop', 85, 3],
  ])(
    'renders the first grid of a visit on %s one row first, the rest once it has painted',
    (_screen, widthRem, firstRow) => {
      screenOf(widthRem);
      const { result } = renderHook(() => useCardsToRender(6));
      expect(result.current).toBe(firstRow);
      paint();
      expect(result.current).toBe(6);
    },
  );

  it('renders a first grid a kept page painted already whole, as it was kept', () => {
    screenOf(23);
    // What src/kept-check.ts marks on a kept page it shows.
    document.documentElement.dataset.keptScreen = 'shown';
    try {
      const { result } = renderHook(() => useCardsToRender(6));
      expect(result.current).toBe(6);
    } finally {
      delete document.documentElement.dataset.keptScreen;
    }
  });

  it('renders later grids of the visit at once (a search, a page change, the way back)', () => {
    screenOf(85);
    const first = renderHook(() => useCardsToRender(6));
    paint();
    first.unmount();
    const { result } = renderHook(() => useCardsToRender(6));
    expect(result.current).toBe(6);
  });

  it('waits for the cards while the catalogue loads, then shows the top row first', () => {
    screenOf(23);
    const { result, rerender } = renderHook(({ total }) => useCardsToRender(total), {
      initialProps: { total: 0 },
    });
    paint();
    expect(result.current).toBe(0);
    rerender({ total: 6 });
    expect(result.current).toBe(1);
    paint();
    expect(result.current).toBe(6);
  });

  it('holds nothing back when the first grid fits in its top row, nor in the next grid', () => {
    screenOf(85);
    const { result, rerender } = renderHook(({ total }) => useCardsToRender(total), {
      initialProps: { total: 2 },
    });
    expect(result.current).toBe(2);
    // A search in the same page: its results come whole.
    rerender({ total: 6 });
    expect(result.current).toBe(6);
  });

  it('renders every card at once where there are no media queries (tests, old engines)', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(renderHook(() => useCardsToRender(6)).result.current).toBe(6);
  });
});
