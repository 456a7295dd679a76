/**
 * The peer budgets: this shop against another shop's build (the peer), side by side in
 * one run. Both are served at once on loopback with the same catalogue (the demo catalogue,
 * or 10,000 generated products) and timed with the same probes, in alternating pairs: each
 * pair times one shop then the other, and the next pair the other way round, so a drift of
 * the machine's speed (two other people's work on the same two cores) falls on both alike.
 * A figure is ours ÷ peer, the ratio of the two medians; below 1 this shop is ahead.
 */
import { loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { installBridge, KIOSK_URL } from '../tests/e2e/support/kiosk';
import {
  RATIO_BUDGETS,
  type DeployedMeasure,
  type RatioMeasure,
  type ReportedDeployedMeasure,
} from './budgets';
import type { BuildSizes } from './bundle-sizes';
import { freshContext, KIOSK_PORTRAIT } from './chromium';
import { settle, interact } from './interactions';
import { waitForKeptPage } from './kept-pages';
import { open, probedLoad } from './load-timings';
import {
  initScript,
  installInteractionProbe,
  installLoadProbe,
  installTapProbe,
  type LoadTarget,
  type TapWindow,
} from './page-probes';
import { tap } from './shop-controls';

/** What the comparison serves and where: both shops at once, each on its own port. */
export interface ComparedShops {
  ours: string;
  peer: string;
}

export interface ComparisonOptions {
  /** Pairs on the demo catalogue (15). */
  pairs: number;
  /** Pairs at LARGE_PRODUCTS (5). */
  largePairs: number;
  /**
   * A returning visit to our shop comes after its service worker controls the page, as it
   * does for a shopper who came the day before (the worker registers only once the first
   * visit has a moment to spare). Off: the second visit starts as soon as the first loaded.
   */
  waitForOurWorker?: boolean;
  /** The first cards, cold and warm, are timed elsewhere (the deployed runs, in turns with the limit). */
  firstCardsElsewhere?: boolean;
}

/** How a returning visit is set up: its worker awaited on the first visit, or blocked. */
export interface ReturningVisit {
  waitForWorker?: boolean;
  /** No service worker at all in the context (Playwright's serviceWorkers: 'block'). */
  blockWorkers?: boolean;
}

export const LARGE_PRODUCTS = 10_000;

/** The figures of one large catalogue: 10,000 products ('large-…'), 50,000 ('huge-…'). */
export const LARGE_IDS = {
  cold: 'large-first-card-cold',
  search: 'large-search',
  category: 'large-category',
  page: 'large-page',
} as const;
export const HUGE_IDS = {
  cold: 'huge-first-card-cold',
  search: 'huge-search',
  category: 'huge-category',
  page: 'huge-page',
} as const;
type LargeIds = typeof LARGE_IDS | typeof HUGE_IDS;

export type FigureId =
  | RatioMeasure
  | DeployedMeasure
  | ReportedDeployedMeasure
  | LargeIds[keyof LargeIds]
  /** Ours with its service worker ÷ ours with it blocked, returning visits. */
  | 'sw-returning'
  /** The same, on the load after the returning one (the worker's second). */
  | 'sw-returning-again'
  /** A returning visit the written screens do not suit: its kept page ÷ none (phone). */
  | 'kept-page-returning';

export interface PairedFigure {
  id: FigureId;
  label: string;
  unit: 'ms' | 'KB';
  /** Samples in pair order: ours[i] and peer[i] were taken one right after the other. */
  ours: number[];
  /** The other side's samples: the peer's, or the static limit page's (`against`). */
  peer: number[];
  /** What `peer` holds when it is not the peer shop. */
  against?: 'static page' | 'no kept page';
}

export interface ComparisonRun {
  startedAt: string;
  finishedAt?: string;
  /** os.loadavg() (1, 5 and 15 minutes) as the run started and as it ended. */
  loadAverage: { before: number[]; after: number[] };
  figures: PairedFigure[];
  /** The kiosk renderer from disk, tap → first card (catalogue cached): no peer equivalent. */
  kioskTapToCard: number[];
  /** What a run could not measure, and why (a catalogue a shop cannot hold). */
  notes?: string[];
}

const LOAD_TIMEOUT_MS = 120_000;
/** A shopper looks at the landing page at least this long before tapping 'Start Shoping'. */
export const LANDING_LOOK_MS = 1000;

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** ours ÷ peer, of the medians. */
export const ratioOf = (figure: Pick<PairedFigure, 'ours' | 'peer'>): number =>
  median(figure.ours) / median(figure.peer);

/**
 * Pairs of samples, alternating which shop goes first; one unmeasured sample of each
 * first, so neither shop's first figure carries Chromium's or the server's start-up.
 */
export async function inPairs<T = number>(
  count: number,
  ours: (pair: number) => Promise<T>,
  peer: (pair: number) => Promise<T>,
): Promise<{ ours: T[]; peer: T[] }> {
  await ours(-1);
  await peer(-1);
  const samples = { ours: [] as T[], peer: [] as T[] };
  for (let pair = 0; pair < count; pair += 1) {
    if (pair % 2 === 0) {
      samples.ours.push(await ours(pair));
      samples.peer.push(await peer(pair));
    } else {
      samples.peer.push(await peer(pair));
      samples.ours.push(await ours(pair));
    }
  }
  return samples;
}

async function withPage<T>(
  browser: Browser,
  work: (page: Page) => Promise<T>,
  viewport?: { width: number; height: number },
  blockWorkers = false,
): Promise<T> {
  const context = await freshContext(browser, viewport, blockWorkers);
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** A page load in a fresh context, timed by the load probe (navigation start → painted). */
export function load(browser: Browser, target: LoadTarget, url: string): Promise<number> {
  return withPage(browser, async (page) => {
    await page.addInitScript(initScript(installLoadProbe, target));
    return probedLoad(page, open(page, url));
  });
}

const firstCardButton = (page: Page) =>
  page.getByRole('main').locator('button', { hasText: 'Add to Cart' }).first();

/**
 * The first visit of a returning shopper: /products shown and its catalogue cached in the
 * `products` key; then, once the page has loaded, its service worker active if it has one
 * (ready or not after 5 s: a returning visitor does not wait for it either). With
 * `waitForWorker` (ours), the visit lasts until the worker controls the page and has kept
 * it (docs/web/returning-visits.md; KEEP_TIMEOUT_MS at most): a shopper who looks at the
 * cards for a few seconds leaves a kept page behind.
 */
export async function firstVisit(page: Page, url: string, waitForWorker = false): Promise<void> {
  await page.goto(url);
  await firstCardButton(page).waitFor({ timeout: LOAD_TIMEOUT_MS });
  await page.waitForFunction(
    () => (window.localStorage.getItem('products')?.length ?? 0) > 2,
    null,
    { timeout: LOAD_TIMEOUT_MS, polling: 100 },
  );
  await page.waitForLoadState('load');
  await page
    .evaluate(async () => {
      if (!('serviceWorker' in navigator)) return;
      if (!(await navigator.serviceWorker.getRegistration())) return;
      await Promise.race([
        navigator.serviceWorker.ready,
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]);
    })
    .catch(() => undefined);
  if (waitForWorker) {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: WORKER_TIMEOUT_MS,
      polling: 100,
    });
    const { pathname, search } = new URL(url);
    await waitForKeptPage(page, pathname + search);
  }
}

/** The worker registers when the first visit is idle (at most 5 s) and then installs. */
const WORKER_TIMEOUT_MS = 30_000;

/**
 * Navigation start → first card painted, for each of `loads` loads of /products in the tab
 * of a first visit (catalogue cached): the returning visit, then the loads after it.
 */
function returningLoads(
  browser: Browser,
  origin: string,
  visit: ReturningVisit,
  loads: number,
): Promise<number[]> {
  return withPage(
    browser,
    async (page) => {
      await page.addInitScript(initScript(installLoadProbe, { kind: 'first-card' }));
      await firstVisit(page, `${origin}/products`, visit.waitForWorker);
      const times: number[] = [];
      for (let load = 0; load < loads; load += 1) {
        times.push(await probedLoad(page, open(page, `${origin}/products`)));
      }
      return times;
    },
    undefined,
    visit.blockWorkers,
  );
}

/** Navigation start → first card painted, on a second visit (catalogue cached). */
export async function warmLoad(
  browser: Browser,
  origin: string,
  visit: ReturningVisit = {},
): Promise<number> {
  const [returning] = await returningLoads(browser, origin, visit, 1);
  if (returning === undefined) throw new Error('no returning visit was timed');
  return returning;
}

/**
 * The returning visit, and the load after it in the same tab. The first load a new worker
 * controls finds none of the files the uncontrolled first visit left in the renderer's
 * memory cache (Blink keeps them apart by controller); the next one does.
 */
export async function warmLoadAndNext(
  browser: Browser,
  origin: string,
  visit: ReturningVisit,
): Promise<{ returning: number; next: number }> {
  const [returning, next] = await returningLoads(browser, origin, visit, 2);
  if (returning === undefined || next === undefined)
    throw new Error('no returning visit was timed');
  return { returning, next };
}

/**
 * The landing page open and looked at (LANDING_LOOK_MS, then a moment the page has nothing
 * to do), then a finger's tap on 'Start Shoping': its click → the first card painted.
 */
async function tapStartShoping(page: Page, tapIndex: number): Promise<number> {
  const start = page.getByRole('link', { name: 'Start Shoping', exact: true });
  await start.waitFor({ timeout: LOAD_TIMEOUT_MS });
  await page.waitForTimeout(LANDING_LOOK_MS);
  await settle(page);
  await start.scrollIntoViewIfNeeded();
  await page.evaluate(() => (window as TapWindow).__benchTap?.arm());
  await tap(start, tapIndex);
  return page.evaluate(() => {
    const probe = (window as TapWindow).__benchTap;
    if (!probe) throw new Error('the tap probe is not installed');
    return probe.result();
  });
}

/** Web: /products visited once (catalogue cached), then the landing page, then the tap. */
export function tapToCard(
  browser: Browser,
  origin: string,
  tapIndex: number,
  waitForWorker = false,
): Promise<number> {
  return withPage(browser, async (page) => {
    await page.addInitScript(initScript(installTapProbe, LOAD_TIMEOUT_MS));
    await firstVisit(page, `${origin}/products`, waitForWorker);
    await page.goto(`${origin}/`);
    return tapStartShoping(page, tapIndex);
  });
}

/**
 * The kiosk renderer from disk (as tests/e2e/kiosk opens it, the preload bridge stood in
 * for): a first shopper's visit caches the catalogue, the window is loaded again (a kiosk
 * always opens on the landing page), then the tap.
 */
export function kioskTapToCard(
  browser: Browser,
  origin: string,
  tapIndex: number,
): Promise<number> {
  return withPage(
    browser,
    async (page) => {
      await installBridge(page, { config: { catalogueUrl: `${origin}/api` } });
      await page.addInitScript(initScript(installTapProbe, LOAD_TIMEOUT_MS));
      await page.goto(KIOSK_URL);
      await page.getByRole('link', { name: 'Start Shoping', exact: true }).click();
      await firstCardButton(page).waitFor({ timeout: LOAD_TIMEOUT_MS });
      await page.waitForFunction(
        () => (window.localStorage.getItem('products')?.length ?? 0) > 2,
        null,
        { timeout: LOAD_TIMEOUT_MS, polling: 100 },
      );
      await page.goto(KIOSK_URL);
      return tapStartShoping(page, tapIndex);
    },
    KIOSK_PORTRAIT,
  );
}

export function sizeFigure(ours: BuildSizes, peer: BuildSizes): PairedFigure {
  return {
    id: 'initial-size',
    label: 'initial JS+CSS, KB gzip',
    unit: 'KB',
    ours: [ours.initialGzipBytes / 1000],
    peer: [peer.initialGzipBytes / 1000],
  };
}

export function progress(label: string): () => void {
  process.stdout.write(`  ${label} …`);
  return () => process.stdout.write(' done\n');
}

/** The demo catalogue's pairs: both shops served (`shops`), the kiosk against `shops.ours`. */
export async function compareOnDemo(
  browser: Browser,
  shops: ComparedShops,
  options: ComparisonOptions,
  productTitle: string,
  kiosk: boolean,
): Promise<{ figures: PairedFigure[]; kioskTapToCard: number[] }> {
  const figures: PairedFigure[] = [];
  const paired = async (
    id: RatioMeasure,
    label: string,
    sample: (origin: string, pair: number) => Promise<number>,
  ): Promise<void> => {
    const done = progress(label);
    const samples = await inPairs(
      options.pairs,
      (pair) => sample(shops.ours, pair),
      (pair) => sample(shops.peer, pair),
    );
    figures.push({ id, label, unit: 'ms', ...samples });
    done();
  };
  const worker = (origin: string): boolean =>
    origin === shops.ours && options.waitForOurWorker === true;
  if (options.firstCardsElsewhere !== true) {
    await paired('first-card-cold', '/products first card, cold', (origin) =>
      load(browser, { kind: 'first-card' }, `${origin}/products`),
    );
    await paired('first-card-warm', '/products first card, warm (catalogue cached)', (origin) =>
      warmLoad(browser, origin, { waitForWorker: worker(origin) }),
    );
  }
  await paired('detail', '/product/1 title', (origin) =>
    load(browser, { kind: 'heading', text: productTitle }, `${origin}/product/1`),
  );
  await paired(
    'tap-to-card',
    "tap 'Start Shoping' → first card (catalogue cached)",
    // The same spread of releases as the interactions (pair -1, the warm-up, is tap 0).
    (origin, pair) => tapToCard(browser, origin, pair + 1, worker(origin)),
  );
  const kioskSamples: number[] = [];
  if (kiosk) {
    const done = progress("kiosk from disk: tap 'Start Shoping' → first card (cached)");
    await kioskTapToCard(browser, shops.ours, 0); // warm-up, not counted
    for (let run = 0; run < options.pairs; run += 1) {
      kioskSamples.push(await kioskTapToCard(browser, shops.ours, run + 1));
    }
    done();
  }
  return { figures, kioskTapToCard: kioskSamples };
}

/** Both shops' /products open at once, each with the interaction probe. */
async function openBoth(
  browser: Browser,
  shops: ComparedShops,
  work: (ours: Page, peer: Page) => Promise<void>,
): Promise<void> {
  const oursContext = await freshContext(browser);
  const peerContext = await freshContext(browser);
  try {
    const pages = await Promise.all([oursContext.newPage(), peerContext.newPage()]);
    const [ours, peer] = pages;
    for (const page of pages) {
      await page.addInitScript(initScript(installInteractionProbe, 30_000));
    }
    await ours.goto(`${shops.ours}/products`);
    await firstCardButton(ours).waitFor({ timeout: LOAD_TIMEOUT_MS });
    await peer.goto(`${shops.peer}/products`);
    await firstCardButton(peer).waitFor({ timeout: LOAD_TIMEOUT_MS });
    await work(ours, peer);
  } finally {
    await oursContext.close();
    await peerContext.close();
  }
}

/** `products` generated products: cold first card, then search, category and page. */
export async function compareLarge(
  browser: Browser,
  shops: ComparedShops,
  options: ComparisonOptions,
  products: number = LARGE_PRODUCTS,
  ids: LargeIds = LARGE_IDS,
): Promise<PairedFigure[]> {
  const count = products.toLocaleString('en-US');
  const figures: PairedFigure[] = [];
  let done = progress(`${count} products: first card, cold`);
  const cold = await inPairs(
    options.largePairs,
    () => load(browser, { kind: 'first-card' }, `${shops.ours}/products`),
    () => load(browser, { kind: 'first-card' }, `${shops.peer}/products`),
  );
  figures.push({
    id: ids.cold,
    label: `${count}: /products first card, cold`,
    unit: 'ms',
    ...cold,
  });
  done();
  const kinds = [
    ['search', ids.search, 'search submit → results painted'],
    ['category', ids.category, 'category → results painted'],
    ['page', ids.page, 'Next page → results painted'],
  ] as const;
  for (const [interaction, id, label] of kinds) {
    done = progress(`${count} products: ${label}`);
    await openBoth(browser, shops, async (ours, peer) => {
      const sample = async (page: Page, pair: number): Promise<number> => {
        await settle(page);
        // The same input for both shops in a pair (the same search term, category …).
        return (await interact(page, interaction, pair + 1)).inputToPaint;
      };
      const samples = await inPairs(
        options.largePairs,
        (pair) => sample(ours, pair),
        (pair) => sample(peer, pair),
      );
      figures.push({ id, label: `${count}: ${label}`, unit: 'ms', ...samples });
    });
    done();
  }
  return figures;
}

export function startRun(): ComparisonRun {
  return {
    startedAt: new Date().toISOString(),
    loadAverage: { before: loadavg(), after: [] },
    figures: [],
    kioskTapToCard: [],
  };
}

export function endRun(run: ComparisonRun): void {
  run.finishedAt = new Date().toISOString();
  run.loadAverage.after = loadavg();
}

export { RATIO_BUDGETS };
