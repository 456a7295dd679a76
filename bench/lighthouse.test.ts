import { describe, expect, it } from 'vitest';
import { judgeRuns, medianScore } from './lighthouse';
import { lighthouseTable } from './report';

const run = (performance: number, accessibility = 100, bestPractices = 100) => ({
  performance,
  accessibility,
  'best-practices': bestPractices,
});

describe('Lighthouse figures', () => {
  it('takes the median of odd counts and the lower middle of even ones', () => {
    expect(medianScore([97, 87, 96, 93, 96])).toBe(96);
    expect(medianScore([95, 94])).toBe(94);
    expect(medianScore([90])).toBe(90);
    expect(() => medianScore([])).toThrow(/no Lighthouse runs/);
  });

  it('judges a page on its median, so one slow run of five does not fail it', () => {
    const result = judgeRuns('mobile', '/cart', [run(97), run(97), run(87), run(96), run(95)]);
    expect(result.scores.performance).toBe(96);
    expect(result.runs.performance).toEqual([97, 97, 87, 96, 95]);
    expect(result.failed).toEqual([]);
  });

  it('fails a category whose median is under its minimum, whatever the best run', () => {
    const result = judgeRuns('mobile', '/products', [run(99), run(93), run(94)]);
    expect(result.scores.performance).toBe(94);
    expect(result.failed).toEqual(['performance']);
    const desktop = judgeRuns('desktop', '/', [run(100, 100), run(100, 96), run(100, 96)]);
    expect(desktop.failed).toEqual(['accessibility']);
  });

  it('prints each median with the spread of its runs', () => {
    const text = lighthouseTable({
      ran: true,
      version: '12.8.2',
      results: [judgeRuns('mobile', '/cart', [run(97), run(87), run(96)])],
    });
    expect(text).toMatch(/median of 3 runs a page/);
    expect(text).toMatch(/96 \(87–97\)/);
    expect(text).toMatch(/PASS/);
  });
});
