import { describe, expect, it } from 'vitest';
import {
  cpuCeiling,
  loadFigures,
  percentile,
  recordsChecks,
  type EngineFigures,
} from './records-checks';

const figures = (
  engine: EngineFigures['engine'],
  perSecond: number,
  p99Ms: number,
): EngineFigures => ({
  engine,
  claims: { requests: 100, seconds: 1, perSecond, p50Ms: 1, p99Ms, errors: 0 },
  orders: { requests: 100, seconds: 1, perSecond: 100, p50Ms: 1, p99Ms: 1, errors: 0 },
});

describe('the records bench budgets', () => {
  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(loadFigures([1, 2, 3, 4], 2, 0)).toMatchObject({ perSecond: 2, p50Ms: 2 });
  });

  it('judges PostgreSQL on rate and p99, PGlite on rate', () => {
    const statuses = recordsChecks([
      figures('postgresql', 2500, 40),
      figures('pglite', 400, 500),
    ]).map((check) => check.status);
    expect(statuses).toEqual(['PASS', 'PASS', 'FAIL']);
    expect(recordsChecks([figures('postgresql', 1999, 60)]).map((check) => check.status)).toEqual([
      'FAIL',
      'FAIL',
    ]);
  });

  it('says what rate the cores could serve from the CPU a request costs', () => {
    expect(cpuCeiling({ service: 0.5, database: 0.3, load: 0.2 }, 2)).toBe(2000);
    expect(cpuCeiling({ service: 1, database: null, load: 0 }, 2)).toBe(2000);
    expect(cpuCeiling({ service: null, database: null, load: 1 }, 2)).toBeNull();
    expect(cpuCeiling(undefined, 2)).toBeNull();
  });
});
