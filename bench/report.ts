/**
 * The printed report: plain fixed-width tables, one per section, and every budget again in
 * a closing PASS/FAIL list, so the verdict is readable without scrolling back.
 */
import { KB, MIB } from './budgets';
import type { AssetSize, BuildSizes } from './bundle-sizes';
import type { HeapFigures } from './heap-growth';
import type { LargeCatalogueFigures } from './interactions';
import type { LighthouseFigures } from './lighthouse';
import type { LoadTiming } from './load-timings';
import type { MicroFigure } from './micro';
import type { Check } from './results';
import type { Summary } from './stats';

type Align = 'left' | 'right';

/** Columns padded to their widest cell; numbers right-aligned. */
export function table(headers: string[], rows: string[][], align: Align[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return align[column] === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export const kb = (bytes: number): string => (bytes / KB).toFixed(1);
export const mib = (bytes: number): string => (bytes / MIB).toFixed(2);
export const ms = (value: number): string => value.toFixed(1);
const spread = (low: number, high: number): string => `${ms(low)}–${ms(high)}`;

export function heading(title: string): string {
  return `\n${title}\n${'='.repeat(title.length)}`;
}

export function sizesTable(
  builds: { name: string; sizes: BuildSizes; budgetKB: number }[],
): string {
  const rows: string[][] = [];
  const asset = (name: string, item: AssetSize): string[] => [
    name,
    item.file,
    item.role,
    kb(item.rawBytes),
    kb(item.gzipBytes),
    '',
    '',
  ];
  for (const { name, sizes, budgetKB } of builds) {
    for (const item of sizes.initial) rows.push(asset(name, item));
    const gzip = sizes.initialGzipBytes / KB;
    rows.push([
      name,
      'INITIAL JS+CSS',
      'total',
      kb(sizes.initialRawBytes),
      kb(sizes.initialGzipBytes),
      `≤ ${budgetKB.toFixed(1)}`,
      gzip <= budgetKB ? 'PASS' : 'FAIL',
    ]);
    if (sizes.lazy.length === 0) rows.push([name, '(no lazy chunks)', 'lazy', '', '', '', '']);
    for (const item of sizes.lazy) rows.push(asset(name, item));
  }
  return table(['build', 'file', 'loaded', 'raw KB', 'gzip KB', 'budget', 'result'], rows, [
    'left',
    'left',
    'left',
    'right',
    'right',
    'right',
    'left',
  ]);
}

const summaryCells = (summary: Summary): string[] => [
  String(summary.runs),
  ms(summary.median),
  spread(summary.p10, summary.p90),
  spread(summary.min, summary.max),
];

export function loadsTable(loads: LoadTiming[]): string {
  return table(
    ['from navigation start to painted', 'runs', 'median ms', 'p10–p90', 'min–max'],
    loads.map((load) => [load.label, ...summaryCells(load.summary)]),
    ['left', 'right', 'right', 'right', 'right'],
  );
}

export function largeTable(
  figures: LargeCatalogueFigures[],
  budget: (products: number, interaction: string) => number | undefined,
): string {
  const rows: string[][] = [];
  for (const figure of figures) {
    const count = figure.products.toLocaleString('en-US');
    rows.push([
      count,
      'first card, cold (nav start →)',
      ...summaryCells(figure.firstCardCold),
      '',
      '',
      '',
      '',
    ]);
    for (const item of figure.interactions) {
      const limit = budget(figure.products, item.interaction);
      const verdict =
        limit === undefined ? '' : item.inputToPaint.median <= limit ? 'PASS' : 'FAIL';
      rows.push([
        count,
        `${item.interaction} → next paint`,
        ...summaryCells(item.inputToPaint),
        ms(item.inputToDom.median),
        ms(item.backToBack.median),
        limit === undefined ? '' : `≤ ${limit}`,
        verdict,
      ]);
    }
  }
  return table(
    [
      'products',
      'measure (ms)',
      'runs',
      'median',
      'p10–p90',
      'min–max',
      '→DOM median',
      'back to back',
      'budget',
      'result',
    ],
    rows,
    ['right', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
  );
}

export function heapTable(heap: HeapFigures): string {
  const rows = heap.samples.map((sample) => [
    String(sample.afterInteractions),
    mib(sample.usedBytes),
  ]);
  return [
    table(['after interactions', 'heap MiB (after GC)'], rows, ['right', 'right']),
    `growth after 10 → after ${heap.samples[heap.samples.length - 1]?.afterInteractions ?? '?'}: ` +
      `${heap.growthBytes >= 0 ? '+' : ''}${mib(heap.growthBytes)} MiB ` +
      `(allowed ≤ ${mib(heap.allowedGrowthBytes)} MiB) ${heap.pass ? 'PASS' : 'FAIL'}`,
  ].join('\n');
}

export function lighthouseTable(figures: LighthouseFigures): string {
  if (!figures.ran) return `SKIP: ${figures.reason}`;
  // The median, and the spread of the runs beside it when they differ.
  const cell = (median: number, runs: readonly number[]): string => {
    const low = Math.min(...runs);
    const high = Math.max(...runs);
    return low === high ? String(median) : `${median} (${low}–${high})`;
  };
  const runs = figures.results[0]?.runs.performance.length ?? 0;
  return [
    `median of ${runs} run${runs === 1 ? '' : 's'} a page (min–max):`,
    table(
      ['preset', 'page', 'performance', 'accessibility', 'best-practices', 'result'],
      figures.results.map((result) => [
        result.preset,
        result.path,
        cell(result.scores.performance, result.runs.performance),
        cell(result.scores.accessibility, result.runs.accessibility),
        cell(result.scores['best-practices'], result.runs['best-practices']),
        result.failed.length === 0 ? 'PASS' : `FAIL (${result.failed.join(', ')})`,
      ]),
      ['left', 'left', 'right', 'right', 'right', 'left'],
    ),
  ].join('\n');
}

export function microTable(figures: MicroFigure[]): string {
  return table(
    ['Node, 50,000 products', 'runs', 'median ms', 'p10–p90', 'min–max'],
    figures.map((figure) => [figure.label, ...summaryCells(figure.summary)]),
    ['left', 'right', 'right', 'right', 'right'],
  );
}

export function checksTable(checks: Check[]): string {
  return table(
    ['budget', 'measured', 'limit', 'result'],
    checks.map((check) => [check.name, check.measured, check.limit, check.status]),
    ['left', 'right', 'right', 'left'],
  );
}
