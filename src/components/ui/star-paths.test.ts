import { describe, expect, it } from 'vitest';
import { litStarsPath, toHalfStars } from './star-paths';

describe('toHalfStars', () => {
  it('rounds to half stars within 0..5', () => {
    expect(toHalfStars(3.9)).toBe(4);
    expect(toHalfStars(3.7)).toBe(3.5);
    expect(toHalfStars(4.25)).toBe(4.5);
    expect(toHalfStars(7)).toBe(5);
    expect(toHalfStars(-1)).toBe(0);
    expect(toHalfStars(Number.NaN)).toBe(0);
  });
});

describe('litStarsPath', () => {
  const outlines = (path: string) => path.match(/M/g)?.length ?? 0;
  it('lights whole stars, then the left half of the next for a half', () => {
    expect(outlines(litStarsPath(0))).toBe(0);
    expect(outlines(litStarsPath(3))).toBe(3);
    expect(outlines(litStarsPath(3.5))).toBe(4);
    expect(litStarsPath(3.5)).toMatch(/M84 2\.8V17\.2/);
    expect(outlines(litStarsPath(5))).toBe(5);
  });
});
