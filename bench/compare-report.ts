/**
 * The comparison's tables: per run, both shops' medians and ours ÷ peer with PASS/FAIL;
 * across runs (`--repeat N`), each ratio per run, their spread, and the verdict: on the
 * median of the runs (the deployed runs), or only where every run agrees (same-origin).
 */
import { RATIO_BUDGETS } from './budgets';
import { median, ratioOf, type ComparisonRun, type FigureId, type PairedFigure } from './compare';
import { table } from './report';

export type Verdict = 'PASS' | 'FAIL' | 'RUNS DISAGREE';

/** The budgets a comparison is judged on: same-origin (RATIO_BUDGETS) or cross-origin. */
export type RatioBudgets = Readonly<Partial<Record<FigureId, number>>>;

/** How runs are judged together: on the median of their ratios, or only where all agree. */
export type Judged = 'median' | 'agree';

/** What a figure's other side is, for its label. */
export const againstOf = (figure: Pick<PairedFigure, 'against'>): string =>
  figure.against ?? 'peer';

export const budgetOf = (
  figure: Pick<PairedFigure, 'id'>,
  budgets: RatioBudgets = RATIO_BUDGETS,
): number | undefined => budgets[figure.id];

const ratio = (value: number): string => `${value.toFixed(2)}×`;
const load = (values: readonly number[]): string => values.map((v) => v.toFixed(2)).join(' / ');

export function runLoad(run: ComparisonRun): string {
  return `load average (1 / 5 / 15 min) ${load(run.loadAverage.before)} at the start, ${load(run.loadAverage.after)} at the end`;
}

/** One run: both medians, the ratio, the budget and PASS/FAIL (no budget: reported only). */
export function runTable(run: ComparisonRun, budgets: RatioBudgets = RATIO_BUDGETS): string {
  const rows = run.figures.map((figure) => {
    const value = ratioOf(figure);
    const budget = budgetOf(figure, budgets);
    return [
      figure.against ? `${figure.label} (÷ ${figure.against})` : figure.label,
      figure.unit === 'KB' ? '—' : String(figure.ours.length),
      median(figure.ours).toFixed(1),
      median(figure.peer).toFixed(1),
      ratio(value),
      budget === undefined ? '' : `≤ ${budget.toFixed(2)}`,
      budget === undefined ? '(reported)' : value <= budget ? 'PASS' : 'FAIL',
    ];
  });
  if (run.kioskTapToCard.length > 0) {
    rows.push([
      "kiosk from disk: tap 'Start Shoping' → first card (cached)",
      String(run.kioskTapToCard.length),
      median(run.kioskTapToCard).toFixed(1),
      '—',
      '',
      '',
      '(reported; no peer equivalent)',
    ]);
  }
  return table(
    [
      'measure (median; ms unless KB)',
      'pairs',
      'this shop',
      'peer or static page',
      'ours ÷ other',
      'budget',
      'result',
    ],
    rows,
    ['left', 'right', 'right', 'right', 'right', 'right', 'left'],
  );
}

/** PASS or FAIL only when every run says so. */
export function verdictOf(ratios: readonly number[], budget: number): Verdict {
  if (ratios.every((value) => value <= budget)) return 'PASS';
  if (ratios.every((value) => value > budget)) return 'FAIL';
  return 'RUNS DISAGREE';
}

/** The verdict of runs judged `judged`: on the median of their ratios, or where all agree. */
export function judge(ratios: readonly number[], budget: number, judged: Judged): Verdict {
  if (judged === 'agree') return verdictOf(ratios, budget);
  return median(ratios) <= budget ? 'PASS' : 'FAIL';
}

/**
 * Across runs: each run's ratio, min–max, their median, and the verdict: on the median
 * (`judged` 'median', the deployed runs) or only where all runs agree.
 */
export function spreadTable(
  runs: readonly ComparisonRun[],
  budgets: RatioBudgets = RATIO_BUDGETS,
  judged: Judged = 'agree',
): string {
  const first = runs[0];
  if (!first) return '';
  const rows = first.figures.map((figure) => {
    const ratios = runs
      .map((run) => run.figures.find((each) => each.id === figure.id) ?? { ours: [], peer: [] })
      .map(ratioOf);
    const budget = budgetOf(figure, budgets);
    return [
      `${figure.label} (÷ ${againstOf(figure)})`,
      ...ratios.map(ratio),
      `${ratio(Math.min(...ratios))}–${ratio(Math.max(...ratios))}`,
      ratio(median(ratios)),
      budget === undefined ? '' : `≤ ${budget.toFixed(2)}`,
      budget === undefined ? '(reported)' : judge(ratios, budget, judged),
    ];
  });
  if (first.kioskTapToCard.length > 0) {
    const medians = runs.map((run) => median(run.kioskTapToCard));
    rows.push([
      'kiosk from disk: tap → first card, ms (no peer)',
      ...medians.map((value) => value.toFixed(1)),
      `${Math.min(...medians).toFixed(1)}–${Math.max(...medians).toFixed(1)}`,
      median(medians).toFixed(1),
      '',
      '(reported)',
    ]);
  }
  return table(
    [
      'ours ÷ other',
      ...runs.map((_, index) => `run ${index + 1}`),
      'spread',
      'median',
      'budget',
      'verdict',
    ],
    rows,
    ['left', ...runs.map(() => 'right' as const), 'right', 'right', 'right', 'left'],
  );
}

/** The load average of each run, for the figures' context. */
export function loadLines(runs: readonly ComparisonRun[]): string {
  return runs.map((run, index) => `run ${index + 1}: ${runLoad(run)}`).join('\n');
}
