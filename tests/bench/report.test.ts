import { describe, expect, it } from 'vitest';
import type { BuildSizes } from './bundle-sizes';
import type { LargeCatalogueFigures } from './interactions';
import { compareTable } from './report';
import type { BenchResults } from './results';
import { summarize } from './stats';

const sizes = (gzipBytes: number): BuildSizes => ({
  dir: 'out/web',
  initial: [],
  lazy: [],
  initialRawBytes: gzipBytes * 3,
  initialGzipBytes: gzipBytes,
});

const figures = (firstCard: number, search: number, backToBack: number): LargeCatalogueFigures => ({
  products: 10_000,
  firstCardCold: summarize([firstCard]),
  firstCardSamples: [firstCard],
  interactions: [
    {
      interaction: 'search',
      inputToPaint: summarize([search]),
      inputToDom: summarize([search / 2]),
      samples: [],
      backToBack: summarize([backToBack]),
    },
  ],
});

describe('the side-by-side table (--compare)', () => {
  it('puts the same measures of both shops in a row, with this shop / the other', () => {
    const results = {
      sizes: { web: sizes(80_000), kiosk: sizes(80_000) },
      largeCatalogues: [figures(600, 15, 20)],
      compare: {
        dir: '/tmp/plain',
        sizes: sizes(100_000),
        largeCatalogues: [figures(800, 18, 18)],
      },
    } as unknown as BenchResults;
    const lines = compareTable(results).split('\n');
    expect(lines[0]).toMatch(/this shop\s+compared\s+ratio/);
    expect(lines.find((line) => line.startsWith('web build initial'))).toMatch(
      /80\.0\s+100\.0\s+0\.80×$/,
    );
    expect(lines.find((line) => line.startsWith('10,000: first card'))).toMatch(
      /600\.0\s+800\.0\s+0\.75×$/,
    );
    expect(lines.find((line) => line.startsWith('10,000: search → next paint'))).toMatch(
      /15\.0\s+18\.0\s+0\.83×$/,
    );
    expect(lines.find((line) => line.startsWith('10,000: search, back to back'))).toMatch(
      /20\.0\s+18\.0\s+1\.11×$/,
    );
  });

  it('is empty without --compare', () => {
    expect(compareTable({ largeCatalogues: [] } as unknown as BenchResults)).toBe('');
  });
});
