/**
 * Both shops on a phone: a 375×812 screen and a CPU four times slower (Chromium's CPU
 * throttling, Lighthouse's mobile profile): the first card of a first visit and of a
 * returning one (catalogue cached, our service worker in control), each timed in turns with
 * the static page of our /products (limit-page.ts) on the same phone, and a product's title
 * on /product/1 in alternating pairs. Most shoppers on the web are on phones, where every
 * millisecond of script counts four times; the static page shows how far below the peer
 * any page of that screen can go there.
 */
import type { Browser, Page } from '@playwright/test';
import { emulateCpu, freshContext, PHONE_DEVICE } from '../chromium';
import { firstVisit, inPairs, progress, type PairedFigure } from '../compare';
import { inTurns } from './in-turns';
import { loadAgain } from './limit-figures';
import { open, probedLoad } from '../load-timings';
import { initScript, installLoadProbe, type LoadTarget } from '../page-probes';

async function onPhone(browser: Browser, work: (page: Page) => Promise<number>): Promise<number> {
  const context = await freshContext(browser, PHONE_DEVICE.viewport);
  try {
    const page = await context.newPage();
    await emulateCpu(page, PHONE_DEVICE);
    return await work(page);
  } finally {
    await context.close();
  }
}

/** A first visit to `url` on the phone: navigation start → `target` painted. */
export function phoneLoad(browser: Browser, target: LoadTarget, url: string): Promise<number> {
  return onPhone(browser, async (page) => {
    await page.addInitScript(initScript(installLoadProbe, target));
    return probedLoad(page, open(page, url));
  });
}

/** A returning visit to a static page on the phone: loaded once, then timed on the next load. */
export function phoneStaticReturning(browser: Browser, url: string): Promise<number> {
  return onPhone(browser, async (page) => {
    await page.addInitScript(initScript(installLoadProbe, { kind: 'first-card' }));
    return loadAgain(page, url);
  });
}

/** A returning visit to /products on the phone: the first visit, then the timed one. */
export function phoneReturning(
  browser: Browser,
  origin: string,
  waitForWorker: boolean,
): Promise<number> {
  return onPhone(browser, async (page) => {
    await page.addInitScript(initScript(installLoadProbe, { kind: 'first-card' }));
    await firstVisit(page, `${origin}/products`, waitForWorker);
    return probedLoad(page, open(page, `${origin}/products`));
  });
}

/**
 * The first cards on the phone, ours, the peer's and the static page's in turns: ours ÷ the
 * peer's (budgeted) and ours ÷ the static page's (reported).
 */
async function firstCardsOnPhone(
  browser: Browser,
  shops: { ours: string; peer: string; limitUrl: string },
  rounds: number,
): Promise<PairedFigure[]> {
  const card: LoadTarget = { kind: 'first-card' };
  const figures: PairedFigure[] = [];
  for (const visit of ['cold', 'returning'] as const) {
    const label = `phone: /products first card, ${visit}`;
    const done = progress(`${label}: ours, the peer, the static page in turns`);
    const [ours = [], peer = [], limit = []] =
      visit === 'cold'
        ? await inTurns(rounds, [
            () => phoneLoad(browser, card, `${shops.ours}/products`),
            () => phoneLoad(browser, card, `${shops.peer}/products`),
            () => phoneLoad(browser, card, shops.limitUrl),
          ])
        : await inTurns(rounds, [
            () => phoneReturning(browser, shops.ours, true),
            () => phoneReturning(browser, shops.peer, false),
            () => phoneStaticReturning(browser, shops.limitUrl),
          ]);
    done();
    figures.push(
      { id: `phone-first-card-${visit}`, label, unit: 'ms', ours, peer },
      {
        id: `phone-limit-first-card-${visit}`,
        label,
        unit: 'ms',
        ours,
        peer: limit,
        against: 'static page',
      },
    );
  }
  return figures;
}

export async function compareOnPhone(
  browser: Browser,
  shops: { ours: string; peer: string; limitUrl: string },
  pairs: number,
  productTitle: string,
): Promise<PairedFigure[]> {
  const figures = await firstCardsOnPhone(browser, shops, pairs);
  const done = progress('phone: /product/1 title');
  const samples = await inPairs(
    pairs,
    () => phoneLoad(browser, { kind: 'heading', text: productTitle }, `${shops.ours}/product/1`),
    () => phoneLoad(browser, { kind: 'heading', text: productTitle }, `${shops.peer}/product/1`),
  );
  figures.push({ id: 'phone-detail', label: 'phone: /product/1 title', unit: 'ms', ...samples });
  done();
  return figures;
}
