/** What a comparison is judged on: the same-origin budgets, or the cross-origin ones. */
import { RATIO_BUDGETS, RATIO_BUDGETS_CROSS_ORIGIN, RETURNING_OVER_COLD_BUDGET } from '../budgets';
import type { RatioBudgets } from '../compare-report';
import { returningOverColdCheck } from '../compare-run';
import type { Check, ComparisonResults } from '../results';

export function ratioBudgetsOf(comparison: Pick<ComparisonResults, 'crossOrigin'>): RatioBudgets {
  return comparison.crossOrigin ? RATIO_BUDGETS_CROSS_ORIGIN : RATIO_BUDGETS;
}

/**
 * The comparison's checks: cross-origin, every budget must hold in each run, and our
 * returning visit must beat our own cold one; same-origin, as before.
 */
export function crossOriginChecks(
  comparison: ComparisonResults | undefined,
  ratioChecks: (
    comparison: ComparisonResults | undefined,
    budgets: RatioBudgets,
    everyRun: boolean,
  ) => Check[],
): Check[] {
  if (!comparison?.crossOrigin) return ratioChecks(comparison, RATIO_BUDGETS, false);
  const measured = comparison.runs.some((run) => run.figures.some((f) => f.id !== 'initial-size'));
  return [
    ...ratioChecks(comparison, RATIO_BUDGETS_CROSS_ORIGIN, true),
    ...(measured ? returningOverColdCheck(comparison, RETURNING_OVER_COLD_BUDGET) : []),
  ];
}

export function crossOriginHeading(comparison: ComparisonResults): string {
  return (
    `Side by side, cross-origin: this shop's deployed build ÷ ${comparison.dir}, both as ` +
    `built; catalogue and images from https://fakestoreapi.com resolved to a local HTTPS host`
  );
}
