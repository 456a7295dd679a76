/**
 * `--compare DIR --cross-origin`: both shops as deployed. Each build is served as it was
 * built, on its own loopback port, and each calls the catalogue at https://fakestoreapi.com
 * as it does on the internet: Chromium resolves that host to the bench's HTTPS catalogue
 * host (servers.ts), whose self-signed certificate it accepts by its key's hash alone. No
 * request is rewritten or intercepted. Beside them, the limit: a static page of our own
 * /products as it painted, from a plain static host (limit-page.ts). Each run: the first
 * cards on a laptop in turns with the limit, the product page and the tap (compare.ts), our
 * returning visit with and without its service worker, the phone, the kiosk from disk
 * against its own limit, then 10,000 and 50,000 products.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';
import type { RunningServer } from '../../server/http/listen-fetch';
import { freePort } from '../bench-server';
import type { BuildSizes } from '../bundle-sizes';
import { freshContext, launchChromium } from '../chromium';
import { interact, settle } from '../interactions';
import { initScript, installInteractionProbe } from '../page-probes';
import {
  compareLarge,
  compareOnDemo,
  endRun,
  HUGE_IDS,
  inPairs,
  LARGE_IDS,
  LARGE_PRODUCTS,
  median,
  progress,
  sizeFigure,
  startRun,
  warmLoadAndNext,
  type ComparisonOptions,
  type PairedFigure,
} from '../compare';
import { heading } from '../report';
import type { ComparisonResults } from '../results';
import { makeCertificate } from './certificate';
import { CATALOGUE_HOST, CATALOGUE_ORIGIN, crossOriginChromiumArgs } from './hosts';
import { keptPageFigure } from './kept-page-figure';
import { kioskFirstScreen } from './kiosk-first-screen';
import { compareWithLimit, limitOfProducts } from './limit-figures';
import { compareOnPhone } from './phone-figures';
import { serveOurs, servePeer, startCatalogueHost } from './servers';
import { WORKER_LABELS, workerFigures } from './worker-figures';

export const HUGE_PRODUCTS = 50_000;
/** How long a shop may take to show a first card before it counts as not holding a catalogue. */
const HOLDS_TIMEOUT_MS = 60_000;

export interface CrossOriginSettings {
  pairs: number;
  largePairs: number;
  repeat: number;
}

/** Whether the shop at `origin` shows a first card on /products at all (its catalogue loaded). */
export async function showsFirstCard(browser: Browser, origin: string): Promise<boolean> {
  const context = await freshContext(browser);
  try {
    const page: Page = await context.newPage();
    await page.goto(`${origin}/products`);
    await page
      .getByRole('main')
      .locator('button', { hasText: 'Add to Cart' })
      .first()
      .waitFor({ timeout: HOLDS_TIMEOUT_MS });
    return true;
  } catch {
    return false;
  } finally {
    await context.close();
  }
}

/**
 * Our search alone, where the peer cannot be compared: submit → results painted, `count`
 * times from a settled /products, as compareLarge times both shops.
 */
async function ourSearchAlone(browser: Browser, ours: string, count: number): Promise<number[]> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(initScript(installInteractionProbe, 30_000));
    await page.goto(`${ours}/products`);
    await page
      .getByRole('main')
      .locator('button', { hasText: 'Add to Cart' })
      .first()
      .waitFor({ timeout: HOLDS_TIMEOUT_MS });
    const samples: number[] = [];
    for (let index = 0; index <= count; index += 1) {
      await settle(page);
      const { inputToPaint } = await interact(page, 'search', index);
      // The first is a warm-up, as in the pairs.
      if (index > 0) samples.push(inputToPaint);
    }
    return samples;
  } finally {
    await context.close();
  }
}

/** Our returning visit and the load after it, the worker controlling the page ÷ blocked. */
async function serviceWorkerFigures(
  browser: Browser,
  ours: string,
  pairs: number,
): Promise<PairedFigure[]> {
  const done = progress(`${WORKER_LABELS.returning}; and the next load`);
  const samples = await inPairs(
    pairs,
    () => warmLoadAndNext(browser, ours, { waitForWorker: true }),
    () => warmLoadAndNext(browser, ours, { blockWorkers: true }),
  );
  done();
  return workerFigures(samples);
}

async function closeAll(servers: readonly { close(): Promise<void> }[]): Promise<void> {
  await Promise.allSettled(servers.map((server) => server.close()));
}

/**
 * Every run: the demo catalogue's pairs, our worker's figure, then 10,000 and 50,000
 * products (the 50,000 skipped, and said so in the run's notes, when a shop cannot show
 * them). `ourDir` is our deployed build (deployed-build.ts).
 */
export async function runCrossOriginComparisons(
  settings: CrossOriginSettings,
  ourDir: string,
  ourSizes: BuildSizes,
  comparison: ComparisonResults,
): Promise<string> {
  const certificate = makeCertificate([CATALOGUE_HOST]);
  const catalogue = await startCatalogueHost(certificate);
  const servers: { close(): Promise<void> }[] = [catalogue];
  const removeAfter: string[] = [];
  let browser: Browser | undefined;
  try {
    const ours: RunningServer = await serveOurs(ourDir, await freePort());
    servers.push(ours);
    const peer: RunningServer = await servePeer(comparison.dir, await freePort());
    servers.push(peer);
    browser = await launchChromium(
      crossOriginChromiumArgs([CATALOGUE_HOST], catalogue.port, certificate.spki),
    );
    const shops = { ours: ours.origin, peer: peer.origin };
    for (const [name, origin] of Object.entries(shops)) {
      if (!(await showsFirstCard(browser, origin))) {
        throw new Error(
          `--cross-origin: ${name === 'ours' ? 'our deployed build' : comparison.dir} shows ` +
            `no product from the catalogue host (certificate or resolver not taken?)`,
        );
      }
    }
    const options: ComparisonOptions = {
      pairs: settings.pairs,
      largePairs: settings.largePairs,
      waitForOurWorker: true,
      firstCardsElsewhere: true,
    };
    const title = loadDemoCatalogue().find((product) => product.id === 1)?.title;
    if (title === undefined) throw new Error('the demo catalogue has no product 1');
    // The limit: our /products as it painted, without its scripts, from a plain static host.
    const limitDir = mkdtempSync(join(tmpdir(), 'bench-limit-'));
    removeAfter.push(limitDir);
    await limitOfProducts(browser, shops.ours, ourDir, limitDir);
    const limit: RunningServer = await servePeer(limitDir, await freePort());
    servers.push(limit);
    const limitUrl = `${limit.origin}/products/`;
    for (let index = 0; index < settings.repeat; index += 1) {
      console.log(
        heading(
          `Cross-origin, side by side with ${comparison.dir}, run ${index + 1} of ${settings.repeat}`,
        ),
      );
      const run = startRun();
      run.notes = [];
      run.figures.push(sizeFigure(ourSizes, comparison.sizes));
      catalogue.use(undefined);
      run.figures.push(
        ...(await compareWithLimit(browser, { ...shops, limitUrl }, settings.pairs)),
      );
      const demo = await compareOnDemo(browser, shops, options, title, false);
      run.figures.push(...demo.figures);
      run.figures.push(...(await serviceWorkerFigures(browser, shops.ours, settings.pairs)));
      run.figures.push(
        ...(await compareOnPhone(browser, { ...shops, limitUrl }, settings.pairs, title)),
      );
      run.figures.push(await keptPageFigure(browser, shops.ours, settings.pairs));
      run.figures.push(await kioskFirstScreen(browser, CATALOGUE_ORIGIN, settings.pairs));
      for (const [count, ids] of [
        [LARGE_PRODUCTS, LARGE_IDS],
        [HUGE_PRODUCTS, HUGE_IDS],
      ] as const) {
        catalogue.use(count);
        const held = [
          await showsFirstCard(browser, shops.ours),
          await showsFirstCard(browser, shops.peer),
        ];
        if (!held.every(Boolean)) {
          const who = held[0] ? 'the peer' : held[1] ? 'this shop' : 'neither shop';
          const size = count.toLocaleString('en-US');
          run.notes.push(
            `${size} products: not compared, ${who} showed no product within ${HOLDS_TIMEOUT_MS / 1000} s`,
          );
          if (held[0]) {
            const alone = await ourSearchAlone(browser, shops.ours, settings.largePairs);
            run.notes.push(
              `${size} products, this shop alone: search submit → results painted, median ${median(alone).toFixed(1)} ms of ${alone.length} (${alone.map((value) => value.toFixed(1)).join(', ')})`,
            );
          }
          continue;
        }
        run.figures.push(...(await compareLarge(browser, shops, options, count, ids)));
      }
      endRun(run);
      comparison.runs.push(run);
    }
    return browser.version();
  } finally {
    await browser?.close();
    await closeAll(servers);
    for (const dir of removeAfter) rmSync(dir, { recursive: true, force: true });
  }
}
