/**
 * The soak's samples and its verdict, pure: what a kiosk may grow by over a long day.
 * Budgets count from session 100 (start-up, first caches and the JIT's warm-up are not a
 * leak) to the last sample.
 */
export interface SoakSample {
  /** Shopper sessions completed when the sample was taken. */
  sessions: number;
  /** Performance.getMetrics JSHeapUsedSize after a forced GC, bytes. */
  heapBytes: number;
  /** Performance.getMetrics Nodes: DOM nodes alive in the page. */
  nodes: number;
  /** Performance.getMetrics JSEventListeners. */
  listeners: number;
  /** DOM.getDetachedDomNodes: nodes in trees out of the document yet kept alive by script. */
  detachedNodes: number;
}

export const SOAK_BUDGETS = {
  /** Samples before this many sessions are the baseline's warm-up, not measured. */
  fromSession: 100,
  heapGrowthBytes: 2 * 1024 * 1024,
  /** Nodes and listeners may move within ±5 % of the baseline. */
  countTolerance: 0.05,
  /** Detached nodes may not grow at all. */
  detachedGrowth: 0,
} as const;

export interface SoakCheck {
  name: string;
  baseline: number;
  last: number;
  limit: string;
  pass: boolean;
}

export interface SoakVerdict {
  pass: boolean;
  /** Why there is no verdict (too few sessions to have a baseline and a later sample). */
  skipped?: string;
  checks: SoakCheck[];
}

const within = (baseline: number, value: number, tolerance: number): boolean =>
  Math.abs(value - baseline) <= Math.abs(baseline) * tolerance;

/**
 * The baseline is the first sample at or after `fromSession`; each budget compares the
 * last sample with it. Heap: growth only. Nodes and listeners: either way (a count that
 * falls is as odd as one that climbs). Detached nodes: none more than at the baseline.
 */
export function judgeSoak(samples: readonly SoakSample[], budgets = SOAK_BUDGETS): SoakVerdict {
  const measured = samples.filter((sample) => sample.sessions >= budgets.fromSession);
  const baseline = measured[0];
  const last = measured.at(-1);
  if (!baseline || !last || baseline === last) {
    return {
      pass: true,
      skipped: `budgets need samples at session ${budgets.fromSession} and later`,
      checks: [],
    };
  }
  const percent = `±${budgets.countTolerance * 100} %`;
  const checks: SoakCheck[] = [
    {
      name: 'JS heap growth',
      baseline: baseline.heapBytes,
      last: last.heapBytes,
      limit: `≤ ${budgets.heapGrowthBytes / 1024 / 1024} MiB`,
      pass: last.heapBytes - baseline.heapBytes <= budgets.heapGrowthBytes,
    },
    {
      name: 'DOM nodes',
      baseline: baseline.nodes,
      last: last.nodes,
      limit: percent,
      pass: within(baseline.nodes, last.nodes, budgets.countTolerance),
    },
    {
      name: 'event listeners',
      baseline: baseline.listeners,
      last: last.listeners,
      limit: percent,
      pass: within(baseline.listeners, last.listeners, budgets.countTolerance),
    },
    {
      name: 'detached nodes',
      baseline: baseline.detachedNodes,
      last: last.detachedNodes,
      limit: 'no growth',
      pass: last.detachedNodes - baseline.detachedNodes <= budgets.detachedGrowth,
    },
  ];
  return { pass: checks.every((check) => check.pass), checks };
}

/** The verdict as lines for the terminal. */
export function formatVerdict(verdict: SoakVerdict, sessions: number): string[] {
  if (verdict.skipped) return [`soak: ${sessions} sessions, no verdict (${verdict.skipped})`];
  return [
    ...verdict.checks.map(
      (check) =>
        `  ${check.pass ? 'ok  ' : 'OVER'} ${check.name}: ${check.baseline} → ${check.last} (${check.limit})`,
    ),
    `soak: ${sessions} sessions, ${verdict.pass ? 'within budget' : 'OVER BUDGET'}`,
  ];
}
