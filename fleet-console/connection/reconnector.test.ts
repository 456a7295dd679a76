// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_BACKOFF, createReconnector, STABLE_SESSION_MS } from './reconnector';

describe('the console’s reconnects', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wait a jittered delay below a doubling ceiling, one attempt at a time, from the start again after a lasting session', () => {
    vi.useFakeTimers();
    const reconnect = vi.fn();
    const draws = [0.5, 0.5, 0.999, 0];
    const reconnector = createReconnector({ reconnect, random: () => draws.shift() ?? 0.5 });
    expect(reconnector.lost()).toBe(CONSOLE_BACKOFF.baseMs / 2);
    // A second close before the attempt: still one attempt.
    expect(reconnector.lost()).toBeNull();
    vi.advanceTimersByTime(499);
    expect(reconnect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reconnect).toHaveBeenCalledTimes(1);
    expect(reconnector.lost()).toBe(CONSOLE_BACKOFF.baseMs);
    vi.advanceTimersByTime(1000);
    expect(reconnector.lost()).toBe(Math.floor(0.999 * 4 * CONSOLE_BACKOFF.baseMs));
    vi.advanceTimersByTime(4000);
    reconnector.connected();
    vi.advanceTimersByTime(STABLE_SESSION_MS);
    expect(reconnector.lost()).toBe(0);
    vi.advanceTimersByTime(0);
    expect(reconnect).toHaveBeenCalledTimes(4);
    expect(reconnector.shortSessions()).toBe(0);
  });

  it('keeps backing off while sessions end soon after they open, and counts them', () => {
    vi.useFakeTimers();
    const reconnect = vi.fn();
    const reconnector = createReconnector({ reconnect, random: () => 0.999 });
    const delays: (number | null)[] = [];
    for (let index = 0; index < 4; index += 1) {
      reconnector.connected();
      // Another console on the same login takes the session a second later.
      vi.advanceTimersByTime(1000);
      delays.push(reconnector.lost());
      vi.runOnlyPendingTimers();
    }
    expect(delays).toEqual([999, 1998, 3996, 7992]);
    expect(reconnector.shortSessions()).toBe(4);
    reconnector.connected();
    vi.advanceTimersByTime(STABLE_SESSION_MS);
    reconnector.lost();
    expect(reconnector.shortSessions()).toBe(0);
  });

  it('never waits longer than the cap, and stops for good', () => {
    vi.useFakeTimers();
    const reconnect = vi.fn();
    const reconnector = createReconnector({ reconnect, random: () => 0.999_999 });
    let longest = 0;
    for (let index = 0; index < 20; index += 1) {
      longest = Math.max(longest, reconnector.lost() ?? 0);
      vi.runOnlyPendingTimers();
    }
    expect(longest).toBeLessThan(CONSOLE_BACKOFF.capMs);
    expect(longest).toBeGreaterThan(CONSOLE_BACKOFF.capMs * 0.99);
    reconnector.lost();
    reconnector.stop();
    vi.runOnlyPendingTimers();
    expect(reconnect).toHaveBeenCalledTimes(20);
    expect(reconnector.lost()).toBeNull();
  });
});
