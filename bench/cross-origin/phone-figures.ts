/**
 * Both shops on a phone: a 375×812 screen and a CPU four times slower (Chromium's CPU
 * throttling, Lighthouse's mobile profile), in alternating pairs: the first card of a first
 * visit and of a returning one (catalogue cached, our service worker in control), and a
 * product's title on /product/1. Most shoppers on the web are on phones, where every
 * millisecond of script counts four times.
 */
import type { Browser, Page } from '@playwright/test';
import { emulateCpu, freshContext, PHONE_DEVICE } from '../chromium';
import { firstVisit, inPairs, progress, type PairedFigure } from '../compare';
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

export async function compareOnPhone(
  browser: Browser,
  shops: { ours: string; peer: string },
  pairs: number,
  productTitle: string,
): Promise<PairedFigure[]> {
  const figures: PairedFigure[] = [];
  const paired = async (
    id: PairedFigure['id'],
    label: string,
    sample: (origin: string) => Promise<number>,
  ): Promise<void> => {
    const done = progress(`phone: ${label}`);
    const samples = await inPairs(
      pairs,
      () => sample(shops.ours),
      () => sample(shops.peer),
    );
    figures.push({ id, label: `phone: ${label}`, unit: 'ms', ...samples });
    done();
  };
  await paired('phone-first-card-cold', '/products first card, cold', (origin) =>
    phoneLoad(browser, { kind: 'first-card' }, `${origin}/products`),
  );
  await paired('phone-first-card-returning', '/products first card, returning', (origin) =>
    phoneReturning(browser, origin, origin === shops.ours),
  );
  await paired('phone-detail', '/product/1 title', (origin) =>
    phoneLoad(browser, { kind: 'heading', text: productTitle }, `${origin}/product/1`),
  );
  return figures;
}
