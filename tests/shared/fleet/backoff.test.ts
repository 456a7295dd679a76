/**
 * The reconnect backoff of the kiosk and the console: exponential ceilings from the base to
 * the cap, and full jitter below them (any delay from 0 up to the ceiling, uniformly).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffCeilingMs, backoffDelayMs, DEFAULT_BACKOFF } from '../../../shared/fleet/backoff';

describe('backoff', () => {
  it('doubles from 1 s to a 60 s cap, with full jitter below the ceiling', () => {
    expect([0, 1, 2, 5, 6, 7, 40].map((attempt) => backoffCeilingMs(attempt))).toEqual([
      1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(backoffDelayMs(3, () => 0)).toBe(0);
    expect(backoffDelayMs(3, () => 0.5)).toBe(4000);
    expect(backoffDelayMs(10, () => 0.999_999)).toBeLessThan(60_000);
  });

  it('starts from a wider window once a session was lost, doubling to the same cap', () => {
    expect(
      [0, 1, 2, 3, 9].map((attempt) => backoffCeilingMs(attempt, DEFAULT_BACKOFF, true)),
    ).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(backoffDelayMs(0, () => 0.5, DEFAULT_BACKOFF, true)).toBe(5000);
    // Without a window of its own, a loss starts from the base.
    expect(backoffCeilingMs(0, { baseMs: 100, capMs: 1000 }, true)).toBe(100);
  });

  it('draws every delay from [0, ceiling), whatever the attempt and the options', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 1000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.boolean(),
        (attempt, draw, baseMs, capMs, afterLoss) => {
          const options = { baseMs, capMs, afterLossMs: baseMs * 10 };
          const delay = backoffDelayMs(attempt, () => draw, options, afterLoss);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(Math.max(1, backoffCeilingMs(attempt, options, afterLoss)));
          expect(Number.isInteger(delay)).toBe(true);
        },
      ),
    );
  });

  it('spreads a thousand first retries after a lost session over the whole ten seconds, not a moment of them', () => {
    let seed = 1;
    // A small deterministic generator, so the figure does not depend on luck.
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const delays = Array.from({ length: 1000 }, () => backoffDelayMs(0, random, DEFAULT_BACKOFF));
    const perTenth = Array.from(
      { length: 10 },
      (_, tenth) => delays.filter((delay) => Math.floor(delay / 100) === tenth).length,
    );
    // Uniform: about 100 in each tenth of a second.
    for (const count of perTenth) expect(count).toBeGreaterThan(60);
    expect(Math.max(...delays)).toBeLessThan(1000);
  });
});
