/**
 * `--compare DIR`: the side-by-side runs (compare.ts) with both shops served, the peer from
 * its rewritten copy (peer.ts), repeated `--repeat N` times, and the checks they make.
 */
import type { Browser } from '@playwright/test';
import type { RunningServer } from '../server/http/listen-fetch';
import { freePort, serveShop, withShop } from './bench-server';
import { RATIO_BUDGETS } from './budgets';
import type { BuildSizes } from './bundle-sizes';
import {
  compareLarge,
  compareOnDemo,
  endRun,
  LARGE_PRODUCTS,
  median,
  ratioOf,
  sizeFigure,
  startRun,
} from './compare';
import { againstOf, budgetOf, judge, type Judged, type RatioBudgets } from './compare-report';
import type { BenchOptions } from './options';
import { preparePeer } from './peer';
import { heading } from './report';
import type { Check, ComparisonResults } from './results';

async function withBoth<T>(
  ourPort: number,
  peerDir: string,
  productCount: number | undefined,
  work: (ours: RunningServer, peer: RunningServer) => Promise<T>,
): Promise<T> {
  return withShop(ourPort, productCount, async (ours) => {
    const peer = await serveShop(await freePort(), productCount, peerDir);
    try {
      return await work(ours, peer);
    } finally {
      await peer.close();
    }
  });
}

/**
 * Every run: the demo catalogue's pairs (and the kiosk's tap, when out/renderer calls this
 * port), then 10,000 products. Runs one after another, each with its own load average.
 */
export async function runComparisons(
  browser: Browser,
  port: number,
  options: BenchOptions,
  ourSizes: BuildSizes,
  comparison: ComparisonResults,
  productTitle: (origin: string) => Promise<string>,
  kiosk: boolean,
): Promise<void> {
  const peer = preparePeer(comparison.dir, comparison.catalogueBase);
  comparison.rewritten = peer.rewritten;
  const settings = { pairs: options.pairs, largePairs: options.largePairs };
  try {
    for (let index = 0; index < options.repeat; index += 1) {
      console.log(
        heading(`Side by side with ${comparison.dir}, run ${index + 1} of ${options.repeat}`),
      );
      const run = startRun();
      run.figures.push(sizeFigure(ourSizes, comparison.sizes));
      await withBoth(port, peer.dir, undefined, async (ours, theirs) => {
        const demo = await compareOnDemo(
          browser,
          { ours: ours.origin, peer: theirs.origin },
          settings,
          await productTitle(ours.origin),
          kiosk,
        );
        run.figures.push(...demo.figures);
        run.kioskTapToCard = demo.kioskTapToCard;
      });
      await withBoth(port, peer.dir, LARGE_PRODUCTS, async (ours, theirs) => {
        run.figures.push(
          ...(await compareLarge(browser, { ours: ours.origin, peer: theirs.origin }, settings)),
        );
      });
      endRun(run);
      comparison.runs.push(run);
    }
  } finally {
    peer.remove();
  }
}

/**
 * One check per ratio budget. Same-origin (`judged` 'agree'): the verdict across the runs,
 * PASS or FAIL only if all agree. The deployed runs ('median'): on the median of the runs'
 * ratios. A figure some run could not take (a peer that cannot hold the catalogue) is a SKIP.
 */
export function comparisonChecks(
  comparison: ComparisonResults | undefined,
  budgets: RatioBudgets = RATIO_BUDGETS,
  judged: Judged = 'agree',
): Check[] {
  const first = comparison?.runs[0];
  if (!comparison || !first) return [];
  return first.figures.flatMap((figure): Check[] => {
    const budget = budgetOf(figure, budgets);
    if (budget === undefined) return [];
    const ratios = comparison.runs.map((run) =>
      ratioOf(run.figures.find((each) => each.id === figure.id) ?? { ours: [], peer: [] }),
    );
    const measured = ratios.map((value) => `${value.toFixed(2)}×`).join(', ');
    const limit = `≤ ${budget.toFixed(2)}×`;
    const name = `ours ÷ ${againstOf(figure)}: ${figure.label}`;
    if (ratios.some((value) => !Number.isFinite(value))) {
      return [{ name, measured: `${measured} (not measured in every run)`, limit, status: 'SKIP' }];
    }
    const verdict = judge(ratios, budget, judged);
    if (judged === 'median') {
      const of = ratios.length > 1 ? `median ${median(ratios).toFixed(2)}× of ` : '';
      return [
        { name, measured: `${of}${measured}`, limit, status: verdict === 'PASS' ? 'PASS' : 'FAIL' },
      ];
    }
    return [
      {
        name,
        measured: measured + (verdict === 'RUNS DISAGREE' ? ' (runs disagree)' : ''),
        limit,
        status: verdict === 'RUNS DISAGREE' ? 'SKIP' : verdict,
      },
    ];
  });
}
