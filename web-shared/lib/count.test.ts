// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('formatCount', () => {
  it('writes every count exactly as Intl.NumberFormat does (en-US, no fraction)', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.maxSafeInteger(), (count) => {
        expect(formatCount(count)).toBe(intl.format(count));
      }),
      { numRuns: 2000 },
    );
    for (const count of [0, -0, 7, 999, 1000, 10_000, 1_234_567, 2.5, -2.5, 1e21, Number.NaN]) {
      expect(formatCount(count), String(count)).toBe(intl.format(count));
    }
    expect(formatCount(10_000)).toBe('10,000');
  });
});
