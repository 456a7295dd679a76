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

  it('runs the shop bench unless --fleet asks for the fleet one, of 1,000 kiosks by default', () => {
    expect(parseBenchOptions([])).toMatchObject({ fleet: false });
    expect(parseBenchOptions(['--fleet'])).toMatchObject({
      fleet: true,
      fleetKiosks: 1000,
      fleetWindowSeconds: 45,
    });
    expect(
      parseBenchOptions(['--fleet', '--fleet-kiosks', '200', '--fleet-window', '30']),
    ).toMatchObject({ fleet: true, fleetKiosks: 200, fleetWindowSeconds: 30 });
  });

  it('runs the fleet bench on a 3-node cluster with --cluster, up to 10,000 kiosks', () => {
    expect(parseBenchOptions(['--fleet'])).toMatchObject({ fleetCluster: false });
    expect(parseBenchOptions(['--fleet', '--kiosks', '10000', '--cluster'])).toMatchObject({
      fleet: true,
      fleetCluster: true,
      fleetKiosks: 10_000,
    });
    expect(() => parseBenchOptions(['--fleet', '--cluster', '--kiosks', '10001'])).toThrow(
      /at most 10000/,
    );
    expect(() => parseBenchOptions(['--fleet', '--kiosks', '5001'])).toThrow(/at most 5000/);
    expect(() => parseBenchOptions(['--cluster'])).toThrow(/needs --fleet/);
    expect(() => parseBenchOptions(['--phone'])).toThrow(/needs --breakdown/);
    expect(parseBenchOptions(['--breakdown', '--phone'])).toMatchObject({ phone: true });
  });

  it('keeps the fleet bench bounded', () => {
    expect(() => parseBenchOptions(['--fleet', '--fleet-kiosks', '0'])).toThrow(/≥ 1/);
    expect(() => parseBenchOptions(['--fleet', '--fleet-kiosks', '5001'])).toThrow(/at most 5000/);
    expect(() => parseBenchOptions(['--fleet', '--fleet-window', '5'])).toThrow(/≥ 10/);
    expect(() => parseBenchOptions(['--fleet', '--fleet-window', '301'])).toThrow(/at most 300/);
    expect(() => parseBenchOptions(['--fleet=yes'])).toThrow();
  });

  it('times the console’s kiosk list with 10,000 kiosks unless told, alone on --console-only', () => {
    expect(parseBenchOptions(['--fleet'])).toMatchObject({
      consoleKiosks: 10_000,
      consoleOnly: false,
    });
    expect(
      parseBenchOptions(['--fleet', '--console-only', '--console-kiosks', '2000']),
    ).toMatchObject({ consoleKiosks: 2000, consoleOnly: true });
    expect(() => parseBenchOptions(['--fleet', '--console-kiosks', '50001'])).toThrow(
      /at most 50000/,
    );
    expect(() => parseBenchOptions(['--console-only'])).toThrow(/needs --fleet/);
  });

  it('takes the comparison settings, with the budgets’ pairs as defaults', () => {
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
    // The deployed runs are judged on the median of three unless told.
    expect(parseBenchOptions(['--compare', 'peer/dist', '--cross-origin'])).toMatchObject({
      repeat: 3,
    });
    expect(
      parseBenchOptions(['--compare', 'peer/dist', '--cross-origin', '--repeat', '1']),
    ).toMatchObject({ repeat: 1 });
  });

  it('runs the traced breakdown on --breakdown, nine loads a shop unless told', () => {
    expect(parseBenchOptions([])).toMatchObject({ breakdown: false, breakdownRuns: 9 });
    expect(
      parseBenchOptions(['--breakdown', '--breakdown-runs', '5', '--compare', 'peer/dist']),
    ).toMatchObject({ breakdown: true, breakdownRuns: 5, compare: 'peer/dist' });
    expect(() => parseBenchOptions(['--breakdown', '--breakdown-runs', '0'])).toThrow(/≥ 1/);
  });

  it('refuses unknown flags and odd numbers rather than ignoring them', () => {
    expect(() => parseBenchOptions(['--comparre', 'x'])).toThrow();
    expect(() => parseBenchOptions(['--runs', '0'])).toThrow(/whole number ≥ 1/);
    expect(() => parseBenchOptions(['--compare'])).toThrow();
  });

  it('judges Lighthouse on the median of five runs a page unless told, at most fifteen', () => {
    expect(parseBenchOptions([])).toMatchObject({
      lighthouse: false,
      lighthouseRuns: 5,
      lighthouseOnly: false,
    });
    expect(parseBenchOptions(['--lighthouse-only', '--lighthouse-runs', '3'])).toMatchObject({
      lighthouse: true,
      lighthouseOnly: true,
      lighthouseRuns: 3,
    });
    expect(() => parseBenchOptions(['--lighthouse-runs', '0'])).toThrow(/≥ 1/);
    expect(() => parseBenchOptions(['--lighthouse-runs', '16'])).toThrow(/at most 15/);
  });

  it('refuses --lighthouse-only beside a flag that would run more, or skip Lighthouse', () => {
    for (const extra of [
      ['--compare', 'dist'],
      ['--compare', 'dist', '--compare-only'],
      ['--sizes-only'],
      ['--fleet'],
      ['--breakdown'],
      ['--micro'],
    ]) {
      expect(() => parseBenchOptions(['--lighthouse-only', ...extra])).toThrow(
        `--lighthouse-only cannot be combined with ${extra[0]}`,
      );
    }
    expect(parseBenchOptions(['--lighthouse-only', '--skip-build'])).toMatchObject({
      lighthouseOnly: true,
      skipBuild: true,
    });
  });

  it('takes --cross-origin only with a peer to compare with', () => {
    expect(parseBenchOptions([])).toMatchObject({ crossOrigin: false });
    expect(
      parseBenchOptions(['--compare', '../peer/dist', '--cross-origin', '--pairs', '3']),
    ).toMatchObject({ compare: '../peer/dist', crossOrigin: true, pairs: 3 });
    expect(() => parseBenchOptions(['--cross-origin'])).toThrow(/--cross-origin needs --compare/);
    expect(() => parseBenchOptions(['--cross-origin=yes', '--compare', 'x'])).toThrow();
  });
});
