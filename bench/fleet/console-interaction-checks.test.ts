import { describe, expect, it } from 'vitest';
import { summarize } from '../stats';
import { consoleInteractionChecks, consoleInteractionTable } from './console-interaction-checks';
import type { ConsoleInteractionFigures } from './console-interactions';

const figures = (kiosks: number, medians: [number, number, number]): ConsoleInteractionFigures => ({
  kiosks,
  loadMs: 9000,
  rowsInDom: 24,
  interactions: (['search', 'sort', 'filter'] as const).map((interaction, index) => {
    const samples = [medians[index] ?? 0];
    return { interaction, inputToPaint: summarize(samples), samples };
  }),
});

describe('the console interaction checks', () => {
  it('judges each of search, sort and filter at 10,000 kiosks against one frame', () => {
    const checks = consoleInteractionChecks(figures(10_000, [12, 16, 16.4]));
    expect(checks.map((check) => check.status)).toEqual(['PASS', 'PASS', 'FAIL']);
    expect(checks[0]?.name).toBe('console search at 10,000 kiosks, input → next paint (median)');
    expect(checks[2]?.limit).toBe('≤ 16 ms');
  });

  it('measures other counts without judging them', () => {
    const checks = consoleInteractionChecks(figures(2_000, [40, 40, 40]));
    expect(checks.map((check) => check.status)).toEqual(['SKIP', 'SKIP', 'SKIP']);
  });

  it('prints a row per interaction', () => {
    const text = consoleInteractionTable(figures(10_000, [12, 13, 14]));
    expect(text).toContain('search at 10,000 kiosks');
    expect(text).toContain('14.0 ms');
  });
});
