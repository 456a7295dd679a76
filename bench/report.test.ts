import { describe, expect, it } from 'vitest';
import type { ComparisonRun, PairedFigure } from './compare';
import { runTable, spreadTable, verdictOf } from './compare-report';

const figure = (
  id: PairedFigure['id'],
  label: string,
  ours: number[],
  peer: number[],
): PairedFigure => ({ id, label, unit: id === 'initial-size' ? 'KB' : 'ms', ours, peer });

const run = (figures: PairedFigure[], kiosk: number[] = []): ComparisonRun => ({
  startedAt: '2026-11-23T00:00:00.000Z',
  loadAverage: { before: [3, 2, 1], after: [4, 3, 2] },
  figures,
  kioskTapToCard: kiosk,
});

describe('the side-by-side tables (--compare)', () => {
  it('puts both medians in a row with ours ÷ peer and the verdict of its budget', () => {
    const lines = runTable(
      run(
        [
          figure('initial-size', 'initial JS+CSS, KB gzip', [90], [100]),
          figure('first-card-cold', '/products first card, cold', [300, 100, 200], [200, 250, 300]),
          figure('large-page', '10,000: Next page → results painted', [10, 12], [10, 10]),
        ],
        [400, 420, 380],
      ),
    ).split('\n');
    expect(lines[0]).toMatch(/this shop\s+peer or static page\s+ours ÷ other\s+budget\s+result/);
    expect(lines.find((line) => line.startsWith('initial JS+CSS'))).toMatch(
      /90\.0\s+100\.0\s+0\.90×\s+≤ 0\.90\s+PASS$/,
    );
    // Medians 200 and 250: 0.80.
    expect(lines.find((line) => line.startsWith('/products first card'))).toMatch(
      /3\s+200\.0\s+250\.0\s+0\.80×\s+≤ 0\.90\s+PASS$/,
    );
    expect(lines.find((line) => line.startsWith('10,000: Next page'))).toMatch(
      /1\.10×\s+\(reported\)$/,
    );
    expect(lines.find((line) => line.startsWith('kiosk from disk'))).toMatch(/400\.0/);
  });

  it('gives a verdict across runs only where every run agrees', () => {
    expect(verdictOf([0.8, 0.85, 0.9], 0.9)).toBe('PASS');
    expect(verdictOf([0.95, 1.1, 0.91], 0.9)).toBe('FAIL');
    expect(verdictOf([0.85, 0.95, 0.88], 0.9)).toBe('RUNS DISAGREE');
    const runs = [0.8, 0.95, 0.85].map((ratio) =>
      run([figure('detail', '/product/1 title', [ratio * 100], [100])]),
    );
    const line = spreadTable(runs)
      .split('\n')
      .find((each) => each.startsWith('/product/1'));
    expect(line).toMatch(
      /0\.80×\s+0\.95×\s+0\.85×\s+0\.80×–0\.95×\s+0\.85×\s+≤ 0\.90\s+RUNS DISAGREE$/,
    );
  });
});
