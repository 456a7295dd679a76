import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFrames } from '@/test/fake-frames';
import { PHONE_QUERY } from '@/lib/phone-screen';
import { resetFirstGridForTests, useCardsToRender } from './use-cards-to-render';

const screenOf = (oneColumn: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY && oneColumn,
  }));

/** A frame, then the idle moment after it, as afterNextPaint waits for. */
const paint = () =>
  act(() => {
    vi.advanceTimersByTime(20);
    vi.runOnlyPendingTimers();
  });

describe('useCardsToRender (the first card first, on a phone)', () => {
  beforeEach(() => {
    fakeFrames();
    resetFirstGridForTests();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renders the first grid of a phone’s visit one card first, the rest once it has painted', () => {
    screenOf(true);
    const { result } = renderHook(() => useCardsToRender(6));
    expect(result.current).toBe(1);
    paint();
    expect(result.current).toBe(6);
  });

  it('renders every card at once where a row or more is in view', () => {
    screenOf(false);
    const { result } = renderHook(() => useCardsToRender(6));
    expect(result.current).toBe(6);
  });

  it('renders later grids of the visit at once (a search, a page change, the way back)', () => {
    screenOf(true);
    const first = renderHook(() => useCardsToRender(6));
    paint();
    first.unmount();
    const { result } = renderHook(() => useCardsToRender(6));
    expect(result.current).toBe(6);
  });

  it('waits for the cards while the catalogue loads, then shows the first one first', () => {
    screenOf(true);
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

  it('has nothing to hold back for a single card, and no media queries (tests, old engines)', () => {
    screenOf(true);
    expect(renderHook(() => useCardsToRender(1)).result.current).toBe(1);
    resetFirstGridForTests();
    vi.stubGlobal('matchMedia', undefined);
    expect(renderHook(() => useCardsToRender(6)).result.current).toBe(6);
  });
});
