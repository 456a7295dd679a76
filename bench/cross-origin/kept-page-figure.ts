/**
 * A returning visitor the build's written screens do not suit, on the phone: a shopper who
 * put an item in the cart and chose Spanish comes back to the cart. Timed in the same tab,
 * in alternating pairs: the page the service worker kept for that address
 * (docs/web/returning-visits.md) against the same load with the kept pages dropped, where
 * the app renders the page itself. Online, the worker's answer races the network's.
 */
import type { Browser, Page } from '@playwright/test';
import { emulateCpu, freshContext, PHONE_DEVICE } from '../chromium';
import { firstVisit, inPairs, progress, type PairedFigure } from '../compare';
import { waitForKeptPage } from '../kept-pages';
import { open, probedLoad } from '../load-timings';
import { initScript, installLoadProbe } from '../page-probes';

/** The cart page's heading in Spanish (src/i18n/catalogs/es.ts cart.heading). */
const CART_HEADING = 'Carrito de compra';

/** The kept pages' cache of the worker (src/service-worker/sw.ts KEPT_CACHE). */
const keptCache = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((cache) => cache.startsWith('shop-kept-'));
    if (!name) return [];
    const kept = await caches.open(name);
    const entries: [string, string][] = [];
    for (const request of await kept.keys()) {
      entries.push([request.url, (await (await kept.match(request))?.text()) ?? '']);
    }
    return entries;
  });

/** Puts the kept pages back as they were (`entries`), or drops them all (none). */
async function setKept(page: Page, origin: string, entries: [string, string][]): Promise<void> {
  // A page of the origin's own that runs none of the shop's code: nothing keeps meanwhile.
  await page.goto(`${origin}/favicon.png`);
  await page.evaluate(async (wanted) => {
    const name = (await caches.keys()).find((cache) => cache.startsWith('shop-kept-'));
    if (!name) throw new Error('the worker keeps no pages');
    const kept = await caches.open(name);
    for (const request of await kept.keys()) await kept.delete(request);
    for (const [url, html] of wanted) {
      await kept.put(url, new Response(html, { headers: { 'Content-Type': 'text/html' } }));
    }
  }, entries);
}

/** The phone ÷ the same visit without its kept page: Spanish, an item in the cart, /cart. */
export async function keptPageFigure(
  browser: Browser,
  origin: string,
  pairs: number,
): Promise<PairedFigure> {
  const label = 'phone: returning to /cart in Spanish with an item, its kept page';
  const done = progress(label);
  const context = await freshContext(browser, PHONE_DEVICE.viewport);
  try {
    const page = await context.newPage();
    await page.addInitScript(initScript(installLoadProbe, { kind: 'heading', text: CART_HEADING }));
    await firstVisit(page, `${origin}/products`, true);
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.evaluate(() => window.localStorage.setItem('shopLanguage', 'es'));
    await page.goto(`${origin}/cart`);
    if (!(await waitForKeptPage(page, '/cart')))
      throw new Error('the worker kept no page for /cart');
    const kept = await keptCache(page);
    await emulateCpu(page, PHONE_DEVICE);
    const load = async (entries: [string, string][]) => {
      await setKept(page, origin, entries);
      return probedLoad(page, open(page, `${origin}/cart`));
    };
    const samples = await inPairs(
      pairs,
      () => load(kept),
      () => load([]),
    );
    done();
    return { id: 'kept-page-returning', label, unit: 'ms', ...samples, against: 'no kept page' };
  } finally {
    await context.close();
  }
}
