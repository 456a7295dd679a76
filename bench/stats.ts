/** Median and spread of repeated measurements; the bench prints both, never a lone mean. */

export interface Summary {
  runs: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
}

/** Linear interpolation between closest ranks, so 15 runs give a p10 that is not just the min. */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[above] ?? Number.NaN;
  return low + (high - low) * (position - below);
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('no measurements to summarize');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: quantile(sorted, 0.5),
    p10: quantile(sorted, 0.1),
    p90: quantile(sorted, 0.9),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}
