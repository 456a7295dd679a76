import { describe, expect, it } from 'vitest';
import { DEPLOYED_BUDGETS, RATIO_BUDGETS } from '../budgets';
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

describe('the deployed budgets', () => {
  it('hold our first screens to the static limit, and the phone to half the peer’s', () => {
    expect(DEPLOYED_BUDGETS).toEqual({
      'initial-size': 0.9,
      'limit-first-card-cold': 1.5,
      'limit-first-card-returning': 1.25,
      'phone-first-card-cold': 0.5,
      'phone-first-card-returning': 0.5,
      'phone-detail': 0.5,
      'kiosk-first-screen': 1.5,
      'tap-to-card': 0.7,
      'large-search': 1.0,
      'huge-search': 1.0,
    });
    expect(ratioBudgetsOf({ crossOrigin: true })).toBe(DEPLOYED_BUDGETS);
    expect(ratioBudgetsOf({})).toBe(RATIO_BUDGETS);
  });

  it('are judged on the median of the runs: one run’s miss neither fails nor passes it', () => {
    const runs = (...ratios: number[]) =>
      ratios.map((ratio) => run([figure('limit-first-card-cold', [100 * ratio], [100])]));
    const [held] = crossOriginChecks(comparison(runs(1.4, 1.7, 1.45)), comparisonChecks);
    expect(held).toMatchObject({
      status: 'PASS',
      measured: 'median 1.45× of 1.40×, 1.70×, 1.45×',
      limit: '≤ 1.50×',
    });
    const [missed] = crossOriginChecks(comparison(runs(1.4, 1.7, 1.6)), comparisonChecks);
    expect(missed).toMatchObject({ status: 'FAIL' });
    // Same-origin: a verdict only where every run agrees, as before.
    const same = [0.6, 0.95].map((ratio) => run([figure('tap-to-card', [ratio], [1])]));
    expect(crossOriginChecks(comparison(same, false), comparisonChecks)[0]?.status).toBe('SKIP');
  });

  it('name what each figure is against: the peer, or the static page', () => {
    const runs = [
      run([
        figure('phone-first-card-cold', [40], [100]),
        { ...figure('kiosk-first-screen', [160], [100]), against: 'static page' },
      ]),
    ];
    const [phone, kiosk] = crossOriginChecks(comparison(runs), comparisonChecks);
    expect(phone).toMatchObject({ name: 'ours ÷ peer: phone-first-card-cold', status: 'PASS' });
    expect(kiosk).toMatchObject({
      name: 'ours ÷ static page: kiosk-first-screen',
      status: 'FAIL',
      measured: '1.60×',
    });
  });

  it('skip a figure a run could not take, rather than pass or fail it', () => {
    const runs = [run([figure('huge-search', [10], [])])];
    const [check] = crossOriginChecks(comparison(runs), comparisonChecks);
    expect(check).toMatchObject({ status: 'SKIP' });
    expect(check?.measured).toMatch(/not measured in every run/);
  });

  it('are the ones the run table shows beside each figure; the rest are reported', () => {
    const table = runTable(
      run([
        figure('huge-search', [9], [10]),
        figure('first-card-cold', [120], [100]),
        figure('sw-returning', [120], [100]),
      ]),
      DEPLOYED_BUDGETS,
    );
    expect(table).toMatch(/huge-search .*0\.90×\s+≤ 1\.00\s+PASS/);
    expect(table).toMatch(/first-card-cold .*1\.20×\s+\(reported\)/);
    expect(table).toMatch(/sw-returning .*1\.20×\s+\(reported\)/);
  });

  it('give the median across runs, and the verdict on it', () => {
    const runs = [0.4, 0.6, 0.45].map((ratio) =>
      run([figure('phone-detail', [100 * ratio], [100])]),
    );
    expect(spreadTable(runs, DEPLOYED_BUDGETS, 'median')).toMatch(
      /phone-detail \(÷ peer\) .*0\.40×–0\.60×\s+0\.45×\s+≤ 0\.50\s+PASS/,
    );
    expect(spreadTable(runs, DEPLOYED_BUDGETS)).toMatch(/RUNS DISAGREE/);
  });
});
