/**
 * When the next attempt goes: after the backoff, or at once; one attempt planned at a time,
 * and the backoff starts again (wider) once a session has been up.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetrySchedule } from '../../../fleet-agent/connection/retry-schedule';

const BACKOFF = { baseMs: 1000, capMs: 60_000, afterLossMs: 10_000 };

describe('the retry schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs an attempt at once when asked, and after the backoff otherwise', () => {
    const schedule = createRetrySchedule(() => 0.999, BACKOFF);
    const attempt = vi.fn();
    schedule.plan(true, attempt);
    expect(schedule.planned()).toBe(true);
    vi.advanceTimersByTime(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(schedule.planned()).toBe(false);
    schedule.plan(false, attempt);
    vi.advanceTimersByTime(500);
    expect(attempt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('plans one attempt at a time, and a cancelled one never runs', () => {
    const schedule = createRetrySchedule(() => 0.5, BACKOFF);
    const first = vi.fn();
    const second = vi.fn();
    schedule.plan(false, first);
    schedule.plan(true, second);
    schedule.cancel();
    vi.advanceTimersByTime(120_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
  });

  it('starts wider after a session was lost', () => {
    const schedule = createRetrySchedule(() => 0.5, BACKOFF);
    expect(schedule.startMs()).toBe(1000);
    schedule.sessionUp();
    expect(schedule.startMs()).toBe(10_000);
  });
});
