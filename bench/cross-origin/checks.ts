/** What a comparison is judged on: the same-origin budgets, or the deployed ones. */
import { DEPLOYED_BUDGETS, RATIO_BUDGETS } from '../budgets';
import type { Judged, RatioBudgets } from '../compare-report';
import type { Check, ComparisonResults } from '../results';

export function ratioBudgetsOf(comparison: Pick<ComparisonResults, 'crossOrigin'>): RatioBudgets {
  return comparison.crossOrigin ? DEPLOYED_BUDGETS : RATIO_BUDGETS;
}

/** How the runs are judged: the deployed runs on the median of their ratios. */
export function judgedOf(comparison: Pick<ComparisonResults, 'crossOrigin'>): Judged {
  return comparison.crossOrigin ? 'median' : 'agree';
}

/** The comparison's checks: the deployed budgets on the median of the runs, or as before. */
export function crossOriginChecks(
  comparison: ComparisonResults | undefined,
  ratioChecks: (
    comparison: ComparisonResults | undefined,
    budgets: RatioBudgets,
    judged: Judged,
  ) => Check[],
): Check[] {
  if (!comparison) return [];
  return ratioChecks(comparison, ratioBudgetsOf(comparison), judgedOf(comparison));
}

export function crossOriginHeading(comparison: ComparisonResults): string {
  return (
    `Side by side, cross-origin: this shop's deployed build ÷ ${comparison.dir}, both as ` +
    `built, and ÷ a static page of our first screen; catalogue and images from ` +
    `https://fakestoreapi.com resolved to a local HTTPS host`
  );
}
