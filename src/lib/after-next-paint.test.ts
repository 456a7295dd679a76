import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFrames } from '@/test/fake-frames';
import { afterNextPaint } from './after-next-paint';

const FRAME_MS = 16;

describe('afterNextPaint', () => {
  beforeEach(() => {
    fakeFrames();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the next frame and then an idle moment, and runs once', () => {
    const work = vi.fn();
    afterNextPaint(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FRAME_MS + 1);
    vi.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not run in the task that asked for it, nor before the frame', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(FRAME_MS - 2);
    expect(work).not.toHaveBeenCalled();
  });

  it('without idle callbacks (Safari), runs in the task after the frame', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(FRAME_MS + 1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs by the deadline when no frame comes (a hidden page)', () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const work = vi.fn();
    afterNextPaint(work, 200);
    vi.advanceTimersByTime(199);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    cancel();
    vi.advanceTimersByTime(1_000);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
