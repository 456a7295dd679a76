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
import { budgetOf, verdictOf, type RatioBudgets } from './compare-report';
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
 * One check per ratio budget. Same-origin: the verdict across the runs (PASS or FAIL only
 * if all agree). `everyRun` (cross-origin): PASS only when the budget holds in each run.
 * A figure some run could not take (a peer that cannot hold the catalogue) is a SKIP.
 */
export function comparisonChecks(
  comparison: ComparisonResults | undefined,
  budgets: RatioBudgets = RATIO_BUDGETS,
  everyRun = false,
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
    const name = `ours ÷ peer: ${figure.label}`;
    if (ratios.some((value) => !Number.isFinite(value))) {
      return [{ name, measured: `${measured} (not measured in every run)`, limit, status: 'SKIP' }];
    }
    const verdict = verdictOf(ratios, budget);
    if (everyRun) {
      return [{ name, measured, limit, status: verdict === 'PASS' ? 'PASS' : 'FAIL' }];
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

/**
 * Cross-origin: our returning visitor's first card ÷ our own cold first card, in each run
 * (the returning visit must gain on the first one by itself, whatever the peer does).
 */
export function returningOverColdCheck(
  comparison: ComparisonResults | undefined,
  budget: number,
): Check[] {
  if (!comparison || comparison.runs.length === 0) return [];
  const ratios = comparison.runs.map((run) => {
    const of = (id: string) => run.figures.find((figure) => figure.id === id)?.ours ?? [];
    return median(of('first-card-warm')) / median(of('first-card-cold'));
  });
  const measured = ratios.map((value) => `${value.toFixed(2)}×`).join(', ');
  const pass = ratios.every((value) => Number.isFinite(value) && value <= budget);
  return [
    {
      name: 'ours: returning first card ÷ our cold first card',
      measured,
      limit: `≤ ${budget.toFixed(2)}×`,
      status: pass ? 'PASS' : 'FAIL',
    },
  ];
}
