/**
 * The laptop's first card against the limit: our deployed build, the peer's and a static
 * page of our own /products as it painted (limit-page.ts), timed in turns, a first visit
 * (fresh context) and a returning one (the same context again: catalogue cached, our
 * service worker in control, the static page's stylesheet and images in the HTTP cache).
 * Each set of turns gives two figures: ours ÷ the peer's (reported) and ours ÷ the static
 * page's (budgeted).
 */
import type { Browser, Page } from '@playwright/test';
import { freshContext } from '../chromium';
import { load, progress, warmLoad, type PairedFigure } from '../compare';
import { loadOnce, open, probedLoad } from '../load-timings';
import type { LoadTarget } from '../page-probes';
import { inTurns } from './in-turns';
import { paintedHtml, writeLimitPage } from './limit-page';

const LOAD_TIMEOUT_MS = 120_000;

/** The three pages timed in turns: origins of the two shops, and the static page's URL. */
export interface LimitShops {
  ours: string;
  peer: string;
  /** The static page of our /products, as limitOfProducts wrote it and a host serves it. */
  limitUrl: string;
}

/**
 * Our /products as a first visit sees it painted (its first cards, the images on their way),
 * written into `outDir` as products/index.html without its scripts, with its stylesheets.
 */
export async function limitOfProducts(
  browser: Browser,
  ours: string,
  buildDir: string,
  outDir: string,
): Promise<void> {
  const context = await freshContext(browser, undefined, true);
  try {
    const page = await context.newPage();
    await page.goto(`${ours}/products`);
    await page
      .getByRole('main')
      .locator('button', { hasText: 'Add to Cart' })
      .first()
      .waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.waitForLoadState('load');
    writeLimitPage(await paintedHtml(page), buildDir, outDir, 'products/index.html');
  } finally {
    await context.close();
  }
}

/** A returning visit to a static page in `page`: loaded once, then timed on the next load. */
export async function loadAgain(page: Page, url: string): Promise<number> {
  await probedLoad(page, open(page, url));
  await page.waitForLoadState('load');
  return probedLoad(page, open(page, url));
}

/** A returning visit to a static page, in a fresh context. */
export function staticReturning(
  browser: Browser,
  url: string,
  target: LoadTarget,
  viewport?: { width: number; height: number },
): Promise<number> {
  return loadOnce(browser, target, (page) => loadAgain(page, url), viewport);
}

function figures(
  samples: number[][],
  ids: { peer: PairedFigure['id']; limit: PairedFigure['id'] },
  label: string,
): PairedFigure[] {
  const [ours = [], peer = [], limit = []] = samples;
  return [
    { id: ids.peer, label, unit: 'ms', ours, peer },
    { id: ids.limit, label, unit: 'ms', ours, peer: limit, against: 'static page' },
  ];
}

/** Cold and returning first cards, ours against the peer and against the static page. */
export async function compareWithLimit(
  browser: Browser,
  shops: LimitShops,
  rounds: number,
): Promise<PairedFigure[]> {
  const card: LoadTarget = { kind: 'first-card' };
  let done = progress('/products first card, cold: ours, the peer, the static page in turns');
  const cold = await inTurns(rounds, [
    () => load(browser, card, `${shops.ours}/products`),
    () => load(browser, card, `${shops.peer}/products`),
    () => load(browser, card, shops.limitUrl),
  ]);
  done();
  done = progress('/products first card, returning: ours, the peer, the static page in turns');
  const returning = await inTurns(rounds, [
    () => warmLoad(browser, shops.ours, { waitForWorker: true }),
    () => warmLoad(browser, shops.peer),
    () => staticReturning(browser, shops.limitUrl, card),
  ]);
  done();
  return [
    ...figures(
      cold,
      { peer: 'first-card-cold', limit: 'limit-first-card-cold' },
      '/products first card, cold',
    ),
    ...figures(
      returning,
      { peer: 'first-card-warm', limit: 'limit-first-card-returning' },
      '/products first card, returning (catalogue cached)',
    ),
  ];
}
