import { describe, expect, it } from 'vitest';
import { RATIO_BUDGETS, RATIO_BUDGETS_CROSS_ORIGIN } from '../budgets';
import type { ComparisonRun, PairedFigure } from '../compare';
import { runTable, spreadTable } from '../compare-report';
import { comparisonChecks } from '../compare-run';
import type { ComparisonResults } from '../results';
import { crossOriginChecks, ratioBudgetsOf } from './checks';

const figure = (id: PairedFigure['id'], ours: number[], peer: number[]): PairedFigure => ({
  id,
  label: id,
  unit: 'ms',
  ours,
  peer,
});

const run = (figures: PairedFigure[]): ComparisonRun => ({
  startedAt: '2026-11-26T00:00:00.000Z',
  loadAverage: { before: [1, 1, 1], after: [1, 1, 1] },
  figures,
  kioskTapToCard: [],
});

const comparison = (runs: ComparisonRun[], crossOrigin = true): ComparisonResults => ({
  dir: '/peer',
  catalogueBase: 'https://fakestoreapi.com',
  rewritten: [],
  ...(crossOrigin ? { crossOrigin: true } : {}),
  sizes: { dir: 'peer', initial: [], lazy: [], initialRawBytes: 0, initialGzipBytes: 0 },
  runs,
});

describe('the cross-origin budgets', () => {
  it('are tighter than the same-origin ones, with search at most even with the peer', () => {
    expect(RATIO_BUDGETS_CROSS_ORIGIN).toEqual({
      'initial-size': 0.9,
      'first-card-cold': 0.75,
      'first-card-warm': 0.7,
      detail: 0.75,
      'tap-to-card': 0.7,
      'large-first-card-cold': 0.75,
      'large-search': 1.0,
      'huge-first-card-cold': 0.75,
      'huge-search': 1.0,
    });
    expect(ratioBudgetsOf({ crossOrigin: true })).toBe(RATIO_BUDGETS_CROSS_ORIGIN);
    expect(ratioBudgetsOf({})).toBe(RATIO_BUDGETS);
  });

  it('fail when one run of three misses, where the same-origin verdict would not judge', () => {
    const runs = [0.6, 0.8, 0.6].map((ratio) =>
      run([figure('first-card-cold', [100 * ratio], [100])]),
    );
    const [cross] = crossOriginChecks(comparison(runs), comparisonChecks);
    expect(cross).toMatchObject({ status: 'FAIL', measured: '0.60×, 0.80×, 0.60×' });
    const [same] = crossOriginChecks(comparison(runs, false), comparisonChecks);
    expect(same).toMatchObject({ status: 'PASS' }); // 0.9 holds in all three
    const mixed = [0.6, 0.95].map((ratio) => run([figure('first-card-cold', [ratio], [1])]));
    expect(crossOriginChecks(comparison(mixed, false), comparisonChecks)[0]?.status).toBe('SKIP');
  });

  it('skip a figure a run could not take, rather than pass or fail it', () => {
    const runs = [run([figure('huge-search', [10], [])])];
    const [check] = crossOriginChecks(comparison(runs), comparisonChecks);
    expect(check).toMatchObject({ status: 'SKIP' });
    expect(check?.measured).toMatch(/not measured in every run/);
  });

  it('judge our returning visit against our own cold one, in each run', () => {
    const both = (warm: number) =>
      run([figure('first-card-cold', [200], [300]), figure('first-card-warm', [warm], [300])]);
    const returning = (runs: ComparisonRun[]) =>
      crossOriginChecks(comparison(runs), comparisonChecks).find((check) =>
        check.name.startsWith('ours: returning'),
      );
    expect(returning([both(150), both(170)])).toMatchObject({
      status: 'PASS',
      measured: '0.75×, 0.85×',
      limit: '≤ 0.85×',
    });
    expect(returning([both(150), both(171)])).toMatchObject({ status: 'FAIL' });
    // Sizes alone (--sizes-only) have no visit to judge.
    expect(returning([run([figure('initial-size', [90], [100])])])).toBeUndefined();
  });

  it('are the ones the run table shows beside each cross-origin figure', () => {
    const table = runTable(
      run([
        figure('huge-search', [9], [10]),
        figure('sw-returning', [120], [100]),
        figure('sw-returning-again', [80], [100]),
      ]),
      RATIO_BUDGETS_CROSS_ORIGIN,
    );
    expect(table).toMatch(/huge-search .*0\.90×\s+≤ 1\.00\s+PASS/);
    expect(table).toMatch(/sw-returning .*1\.20×\s+\(reported\)/);
    expect(table).toMatch(/sw-returning-again .*0\.80×\s+\(reported\)/);
  });

  it('say FAIL across runs where one run misses, as the checks do', () => {
    const runs = [0.6, 0.8].map((ratio) => run([figure('first-card-cold', [ratio], [1])]));
    expect(spreadTable(runs, RATIO_BUDGETS_CROSS_ORIGIN, true)).toMatch(
      /first-card-cold .*≤ 0\.75\s+FAIL/,
    );
    expect(spreadTable(runs, RATIO_BUDGETS_CROSS_ORIGIN)).toMatch(/RUNS DISAGREE/);
  });
});
