/**
 * The records bench's figures and budgets: claims a second and their latency at 50
 * concurrent counters, and orders a second from 1,000 simulated kiosks, on each engine.
 * Budgets are for a two-core machine running the service and the load on the same cores.
 */
import type { Check } from '../results';
import type { CpuShare } from './process-cpu';

export type RecordsEngine = 'pglite' | 'postgresql';

export interface LoadFigures {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than the expected ones, the uncounted start's included (none is right). */
  errors: number;
  /** CPU ms a request: the service, PostgreSQL's processes, and the load itself. */
  cpuMs?: CpuShare;
  /** The requests not counted: the first after the service started, reported, not judged. */
  start?: LoadFigures;
}

/**
 * Requests a second the machine's cores could serve if they did nothing else: cores over
 * the CPU time a request costs the service, the database and the load together. A rate
 * far below it means the cores were busy with other work, or the parts waited (a disk).
 */
export function cpuCeiling(cpu: CpuShare | undefined, cores: number): number | null {
  if (!cpu || cpu.service === null) return null;
  const perRequest = cpu.service + (cpu.database ?? 0) + cpu.load;
  return perRequest > 0 ? (cores * 1000) / perRequest : null;
}

export interface EngineFigures {
  engine: RecordsEngine;
  claims: LoadFigures;
  orders: LoadFigures;
}

export const RECORDS_BUDGETS = {
  claimsPerSecond: { postgresql: 2000, pglite: 500 },
  claimsP99Ms: { postgresql: 50 },
} as const;

/** The value below which `q` of `values` lie (nearest rank). */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function loadFigures(
  latencies: readonly number[],
  seconds: number,
  errors: number,
): LoadFigures {
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors,
  };
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function recordsChecks(figures: readonly EngineFigures[]): Check[] {
  const checks: Check[] = [];
  for (const { engine, claims } of figures) {
    const minimum = RECORDS_BUDGETS.claimsPerSecond[engine];
    checks.push({
      name: `${engine}: claims a second, 50 counters`,
      measured: fixed(claims.perSecond),
      limit: `≥ ${minimum}`,
      status: claims.perSecond >= minimum && claims.errors === 0 ? 'PASS' : 'FAIL',
    });
    if (engine === 'postgresql') {
      const limit = RECORDS_BUDGETS.claimsP99Ms.postgresql;
      checks.push({
        name: `${engine}: claim latency p99`,
        measured: `${fixed(claims.p99Ms, 1)} ms`,
        limit: `≤ ${limit} ms`,
        status: claims.p99Ms <= limit ? 'PASS' : 'FAIL',
      });
    }
  }
  return checks;
}

const cpuCell = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '–' : fixed(ms, 2);

export function recordsTable(figures: readonly EngineFigures[], cores: number): string {
  const rows = [
    [
      'engine',
      'load',
      'requests',
      'per second',
      'p50 ms',
      'p99 ms',
      'errors',
      'CPU ms/req: service',
      'database',
      'load',
      'cores could serve /s',
    ],
  ];
  for (const { engine, claims, orders } of figures) {
    for (const [name, load] of [
      ['claims, 50 counters', claims],
      ['orders, 1,000 kiosks', orders],
    ] as const) {
      if (load.start && load.start.requests > 0) {
        rows.push([
          engine,
          `${name}: first ${load.start.requests.toLocaleString('en-US')} (not judged)`,
          String(load.start.requests),
          fixed(load.start.perSecond),
          fixed(load.start.p50Ms, 1),
          fixed(load.start.p99Ms, 1),
          '',
          '',
          '',
          '',
          '',
        ]);
      }
      rows.push([
        engine,
        name,
        String(load.requests),
        fixed(load.perSecond),
        fixed(load.p50Ms, 1),
        fixed(load.p99Ms, 1),
        String(load.errors),
        cpuCell(load.cpuMs?.service),
        cpuCell(load.cpuMs?.database),
        cpuCell(load.cpuMs?.load),
        cpuCell(cpuCeiling(load.cpuMs, cores)).replace(/\.\d+$/, ''),
      ]);
    }
  }
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows
    .map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
    .join('\n');
}
