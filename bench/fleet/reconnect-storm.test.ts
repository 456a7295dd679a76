import { describe, expect, it } from 'vitest';
import { busiestWindow, reconnectStorm } from './reconnect-storm';

describe('the reconnect storm', () => {
  it('finds the busiest window of a given length', () => {
    expect(busiestWindow([], 1000)).toBe(0);
    expect(busiestWindow([0, 100, 999, 1000, 1999], 1000)).toBe(3);
    expect(busiestWindow([5, 1, 3, 2, 4], 100)).toBe(5);
    expect(busiestWindow([0, 100, 200], 100)).toBe(1);
  });

  it('spreads each kiosk’s first session back after the restart, and counts the broker’s busiest moments', () => {
    const readyAt = 10_000;
    const sessions = new Map<string, number[]>([
      // Its session before the restart does not count; its first after does.
      ['a', [1_000, 10_050, 12_000]],
      ['b', [10_400]],
      ['c', [10_450]],
      ['d', [11_900]],
      ['e', [2_000]],
    ]);
    const attempts = [9_000, 9_500, 10_010, 10_020, 10_030, 10_390, 11_890];
    expect(reconnectStorm(readyAt, sessions, attempts, 2)).toEqual({
      back: 4,
      spreadMs: { min: 50, median: 400, p90: 1900, max: 1900 },
      attemptsPeakPerSecond: 4,
      attemptsPeakPer100ms: 3,
      peakPerSecond: 3,
      peakPer100ms: 2,
      refusedAttempts: 2,
    });
    expect(reconnectStorm(readyAt, new Map(), [], 0).spreadMs).toBeNull();
  });
});
