/** The shape of bench-results/*.json: every figure printed, with its raw samples. */
import type { BuildSizes } from './bundle-sizes';
import type { ComparisonResults } from './compare-run';
import type { HeapFigures } from './heap-growth';
import type { LargeCatalogueFigures } from './interactions';
import type { LighthouseFigures } from './lighthouse';
import type { LoadTiming } from './load-timings';
import type { MicroFigure } from './micro';
import type { BenchOptions } from './options';

export type CheckStatus = 'PASS' | 'FAIL' | 'SKIP';

/** One budget: what was measured against what limit. */
export interface Check {
  name: string;
  measured: string;
  limit: string;
  status: CheckStatus;
}

export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; node: string; chromium?: string; platform: string };
  options: BenchOptions;
  port?: number;
  sizes: { web: BuildSizes; kiosk: BuildSizes };
  loads: LoadTiming[];
  /** Why a section was not measured, by section. */
  skipped: Record<string, string>;
  largeCatalogues: LargeCatalogueFigures[];
  heap?: HeapFigures;
  lighthouse?: LighthouseFigures;
  micro?: MicroFigure[];
  /** --compare: the peer's figures beside ours, in alternating pairs (compare-run.ts). */
  compare?: ComparisonResults;
  checks: Check[];
  pass?: boolean;
}
