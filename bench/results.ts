/** The shape of bench-results/*.json: every figure printed, with its raw samples. */
import type { BuildSizes } from './bundle-sizes';
import type { ComparisonRun } from './compare';
import type { HeapFigures } from './heap-growth';
import type { LargeCatalogueFigures } from './interactions';
import type { LighthouseFigures } from './lighthouse';
import type { LoadTiming } from './load-timings';
import type { MicroFigure } from './micro';
import type { BenchOptions } from './options';
import type { PreparedPeer } from './peer';

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

/** --compare: what was compared, and every run's pairs (compare-run.ts). */
export interface ComparisonResults {
  /** The peer's build as given. */
  dir: string;
  /** What the bench changed in its copy: the catalogue base, file by file. */
  catalogueBase: string;
  rewritten: PreparedPeer['rewritten'];
  /** --cross-origin: neither build rewritten, the catalogue on its own HTTPS origin. */
  crossOrigin?: boolean;
  sizes: BuildSizes;
  runs: ComparisonRun[];
}
