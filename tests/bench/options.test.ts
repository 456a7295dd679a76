import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from './options';

describe('npm run bench options', () => {
  it('has defaults, and takes --compare with a directory', () => {
    expect(parseBenchOptions([])).toMatchObject({ runs: 15, productCounts: [1000, 10000, 50000] });
    expect(parseBenchOptions([])).not.toHaveProperty('compare');
    expect(parseBenchOptions(['--compare', '../plain-shop/dist'])).toMatchObject({
      compare: '../plain-shop/dist',
    });
  });

  it("takes issue 24's comparison settings, with its pairs as defaults", () => {
    expect(parseBenchOptions([])).toMatchObject({
      pairs: 15,
      largePairs: 5,
      repeat: 1,
      compareOnly: false,
      compareCatalogue: 'https://fakestoreapi.com',
    });
    expect(
      parseBenchOptions([
        '--compare',
        'peer/dist',
        '--compare-only',
        '--repeat',
        '3',
        '--pairs',
        '7',
      ]),
    ).toMatchObject({ compareOnly: true, repeat: 3, pairs: 7 });
    expect(() => parseBenchOptions(['--compare-only'])).toThrow(/needs --compare/);
  });

  it('refuses unknown flags and odd numbers rather than ignoring them', () => {
    expect(() => parseBenchOptions(['--comparre', 'x'])).toThrow();
    expect(() => parseBenchOptions(['--runs', '0'])).toThrow(/whole number ≥ 1/);
    expect(() => parseBenchOptions(['--compare'])).toThrow();
  });
});
