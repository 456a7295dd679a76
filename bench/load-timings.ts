/**
 * Page-load timings from navigation start, each run in a fresh browser context (empty
 * cache and storage), one unmeasured run first so Chromium's own start-up is not a figure.
 */
import type { Browser, Page } from '@playwright/test';
import { installBridge, KIOSK_URL } from '../tests/e2e/support/kiosk';
import { freshContext, KIOSK_PORTRAIT } from './chromium';
import {
  initScript,
  installLoadProbe,
  LOAD_DONE_MESSAGE,
  type LoadTarget,
  type ProbeWindow,
} from './page-probes';
import { summarize, type Summary } from './stats';

export interface LoadTiming {
  id: string;
  label: string;
  /** navigation start → target painted, ms. */
  summary: Summary;
  samples: number[];
}

const LOAD_TIMEOUT_MS = 120_000;

/**
 * Navigates (`navigate`) and waits for the load probe of the new document, then returns its
 * navigation start → next paint. The probe says when it is done with a console message:
 * nothing of the bench runs in the page until then.
 */
export async function probedLoad(page: Page, navigate: () => Promise<unknown>): Promise<number> {
  const done = page.waitForEvent('console', {
    predicate: (message) => message.text() === LOAD_DONE_MESSAGE,
    timeout: LOAD_TIMEOUT_MS,
  });
  await navigate();
  await done;
  let state = await page.evaluate(() => (window as ProbeWindow).__benchLoad);
  if (state?.done !== true) {
    // Now and then the message is the previous document's, delivered late: wait for this
    // one's probe (polling, in this rare case only).
    await page.waitForFunction(() => (window as ProbeWindow).__benchLoad?.done === true, null, {
      timeout: LOAD_TIMEOUT_MS,
      polling: 50,
    });
    state = await page.evaluate(() => (window as ProbeWindow).__benchLoad);
  }
  if (state?.paintedAt === undefined) throw new Error('the load probe finished without a time');
  return state.paintedAt;
}

/** A navigation that returns as soon as the response starts: the probe times the rest. */
export const open = (page: Page, url: string) => () => page.goto(url, { waitUntil: 'commit' });

/** A visit in a fresh context with the load probe for `target`: what `visit` returns. */
export async function loadOnce(
  browser: Browser,
  target: LoadTarget,
  visit: (page: Page) => Promise<number>,
  viewport?: { width: number; height: number },
): Promise<number> {
  const context = await freshContext(browser, viewport);
  try {
    const page = await context.newPage();
    await page.addInitScript(initScript(installLoadProbe, target));
    return await visit(page);
  } finally {
    await context.close();
  }
}

async function repeat(runs: number, once: () => Promise<number>): Promise<number[]> {
  await once(); // warm-up, not counted
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await once());
  return samples;
}

function timing(id: string, label: string, samples: number[]): LoadTiming {
  return { id, label, summary: summarize(samples), samples };
}

/** A returning visitor: the first visit fills the `products` cache (and the service worker). */
async function visitTwice(page: Page, url: string): Promise<number> {
  await probedLoad(page, open(page, url));
  await page.waitForFunction(
    () => (window.localStorage.getItem('products')?.length ?? 0) > 2,
    null,
    { timeout: LOAD_TIMEOUT_MS, polling: 100 },
  );
  // Ready or not after 5 s: a returning visitor does not wait for the worker either.
  await page
    .evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(resolve, 5000, false)),
      ]),
    )
    .catch(() => false);
  return probedLoad(page, open(page, url));
}

export async function measureLoads(
  browser: Browser,
  origin: string,
  runs: number,
  productTitle: string,
): Promise<LoadTiming[]> {
  const products = `${origin}/products`;
  const results: LoadTiming[] = [];
  const run = async (
    id: string,
    label: string,
    target: LoadTarget,
    visit: (page: Page) => Promise<number>,
  ): Promise<void> => {
    process.stdout.write(`  ${label} …`);
    const samples = await repeat(runs, () => loadOnce(browser, target, visit));
    results.push(timing(id, label, samples));
    process.stdout.write(' done\n');
  };
  await run('products-cold', '/products first card, cold', { kind: 'first-card' }, (page) =>
    probedLoad(page, open(page, products)),
  );
  await run(
    'products-warm',
    '/products first card, warm (catalogue cached)',
    { kind: 'first-card' },
    (page) => visitTwice(page, products),
  );
  await run('detail', '/product/1 title heading', { kind: 'heading', text: productTitle }, (page) =>
    probedLoad(page, open(page, `${origin}/product/1`)),
  );
  await run(
    'add-to-cart',
    '/products first Add to Cart answered (badge)',
    { kind: 'add-to-cart' },
    (page) => probedLoad(page, open(page, products)),
  );
  return results;
}

/**
 * The kiosk renderer from disk, as tests/e2e/kiosk opens it, with the stand-in preload
 * bridge pointing at the bench server: navigation start → 'Start Shoping' clicked as soon
 * as it shows → first product card painted.
 */
export async function measureKioskLoad(
  browser: Browser,
  origin: string,
  runs: number,
): Promise<LoadTiming> {
  const label = 'kiosk (file://): Start Shoping → first card, cold';
  process.stdout.write(`  ${label} …`);
  const samples = await repeat(runs, () =>
    loadOnce(
      browser,
      { kind: 'start-then-first-card' },
      async (page) => {
        await installBridge(page, { config: { catalogueUrl: `${origin}/api` } });
        return probedLoad(page, open(page, KIOSK_URL));
      },
      KIOSK_PORTRAIT,
    ),
  );
  process.stdout.write(' done\n');
  return timing('kiosk-first-card', label, samples);
}
