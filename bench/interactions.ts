/**
 * /products with a large generated catalogue: the first card (cold) and search, category
 * and page changes timed inside the page from the input event to the next paint after the
 * grid changed (page-probes.ts). Playwright's click does its actionability checks before it
 * sends the input, so they are not part of a figure.
 *
 * Each budgeted sample starts from a settled page: the last interaction's own after-paint
 * work (the URL write, the six new images arriving and being decoded) is done, as it is when
 * a shopper looks at the results before the next tap. The same inputs fired back to back
 * are timed too and reported beside them, so what that after-paint work costs a fast
 * tapper stays in view.
 */
import type { Browser, Page } from '@playwright/test';
import { freshContext } from './chromium';
import { open, probedLoad } from './load-timings';
import {
  initScript,
  installInteractionProbe,
  installLoadProbe,
  type InteractionTiming,
  type ProbeWindow,
} from './page-probes';
import {
  CATEGORY_CYCLE,
  SEARCH_TERMS,
  changePage,
  chooseCategory,
  firstCard,
  search,
} from './shop-controls';
import { summarize, type Summary } from './stats';
import type { Interaction } from './budgets';

const GRID_TIMEOUT_MS = 30_000;
/** The least a shopper looks at new results before tapping again. */
const SETTLE_MS = 250;

export interface InteractionFigures {
  interaction: Interaction;
  /** From a settled page: what the budgets judge. */
  inputToPaint: Summary;
  inputToDom: Summary;
  samples: InteractionTiming[];
  /** The same inputs, each sent as soon as the last one painted. */
  backToBack: Summary;
}

/** Waits as a shopper would, then for a moment the page's main thread has nothing to do. */
export async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(SETTLE_MS);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => resolve(), { timeout: 1000 });
      }),
  );
}

export interface LargeCatalogueFigures {
  products: number;
  /** navigation start → first card painted, ms, fresh context each run. */
  firstCardCold: Summary;
  firstCardSamples: number[];
  interactions: InteractionFigures[];
}

/** Arms the in-page probe, runs the input, returns the timing of the grid's next paint. */
export async function timed(
  page: Page,
  label: string,
  input: (arm: () => Promise<void>) => Promise<void>,
): Promise<InteractionTiming> {
  await input(() => page.evaluate((name) => (window as ProbeWindow).__benchArm?.(name), label));
  return page.evaluate(() => {
    const result = (window as ProbeWindow).__benchResult;
    if (!result) throw new Error('the interaction probe is not installed');
    return result();
  });
}

/** A page on /products with the catalogue shown and the interaction probe installed. */
export async function openProducts(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/products`);
  await firstCard(page).waitFor({ timeout: 180_000 });
}

/** The i-th interaction of a kind, each different from the one before. */
export function interact(
  page: Page,
  interaction: Interaction,
  i: number,
): Promise<InteractionTiming> {
  const label = `${interaction}-${i}`;
  switch (interaction) {
    case 'search':
      return timed(page, label, (arm) =>
        search(page, SEARCH_TERMS[i % SEARCH_TERMS.length] ?? 'Shirt', arm, i),
      );
    case 'category':
      return timed(page, label, (arm) =>
        chooseCategory(page, CATEGORY_CYCLE[i % CATEGORY_CYCLE.length] ?? 'All', arm, i),
      );
    case 'page':
      return timed(page, label, (arm) => changePage(page, arm, i));
  }
}

async function coldFirstCard(browser: Browser, origin: string): Promise<number> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(initScript(installLoadProbe, { kind: 'first-card' }));
    return await probedLoad(page, open(page, `${origin}/products`));
  } finally {
    await context.close();
  }
}

export async function measureLargeCatalogue(
  browser: Browser,
  origin: string,
  products: number,
  runs: number,
): Promise<LargeCatalogueFigures> {
  const count = products.toLocaleString('en-US');
  process.stdout.write(`  ${count} products: first card cold …`);
  await coldFirstCard(browser, origin); // warm-up, not counted
  const firstCardSamples: number[] = [];
  for (let run = 0; run < runs; run += 1)
    firstCardSamples.push(await coldFirstCard(browser, origin));

  const interactions: InteractionFigures[] = [];
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(initScript(installInteractionProbe, GRID_TIMEOUT_MS));
    for (const interaction of ['search', 'category', 'page'] as const) {
      process.stdout.write(` ${interaction} …`);
      // Each kind starts from the plain first page, not from the last one's search.
      await openProducts(page, origin);
      await interact(page, interaction, 0); // warm-up, not counted
      const samples: InteractionTiming[] = [];
      for (let i = 1; i <= runs; i += 1) {
        await settle(page);
        samples.push(await interact(page, interaction, i));
      }
      const backToBack: number[] = [];
      for (let i = runs + 1; i <= 2 * runs; i += 1) {
        backToBack.push((await interact(page, interaction, i)).inputToPaint);
      }
      interactions.push({
        interaction,
        inputToPaint: summarize(samples.map((sample) => sample.inputToPaint)),
        inputToDom: summarize(samples.map((sample) => sample.inputToDom)),
        samples,
        backToBack: summarize(backToBack),
      });
    }
  } finally {
    await context.close();
  }
  process.stdout.write(' done\n');
  return {
    products,
    firstCardCold: summarize(firstCardSamples),
    firstCardSamples,
    interactions,
  };
}
