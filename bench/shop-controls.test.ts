import { describe, expect, it } from 'vitest';
import { FRAME_MS, releaseOffsetMs } from './shop-controls';

describe('releaseOffsetMs', () => {
  it('stays within one frame', () => {
    for (let i = -1; i < 200; i += 1) {
      const offset = releaseOffsetMs(i);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(FRAME_MS);
    }
  });

  it('is the same for the same tap, so both shops of a pair are released alike', () => {
    expect(releaseOffsetMs(3)).toBe(releaseOffsetMs(3));
  });

  it('spreads even five taps over the frame: one in each fifth of it', () => {
    const fifths = new Set(
      [1, 2, 3, 4, 5].map((i) => Math.floor(releaseOffsetMs(i) / (FRAME_MS / 5))),
    );
    expect(fifths.size).toBe(5);
  });

  it('spreads fifteen taps with no gap wider than a third of a frame', () => {
    const offsets = Array.from({ length: 15 }, (_, i) => releaseOffsetMs(i + 1)).sort(
      (a, b) => a - b,
    );
    const gaps = offsets.slice(1).map((offset, i) => offset - (offsets[i] ?? 0));
    gaps.push(FRAME_MS - (offsets.at(-1) ?? 0) + (offsets[0] ?? 0));
    expect(Math.max(...gaps)).toBeLessThan(FRAME_MS / 3);
  });
});
