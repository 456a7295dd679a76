/**
 * Does the JS heap keep what the shopper has left behind? At 10,000 products: 70
 * interactions (per 7: five page changes, then a search, repeated), the heap sampled after
 * a forced GC (CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage) after every 10.
 * Growth = after the last 10 − after the first 10, so start-up and caches filled by the
 * first interactions are not counted as a leak.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { BUDGETS } from './budgets';
import { freshContext } from './chromium';
import { interact, openProducts } from './interactions';
import { initScript, installInteractionProbe } from './page-probes';
import type { Interaction } from './budgets';

export const HEAP_PRODUCTS = 10_000;
const INTERACTIONS = 70; // 50 page changes + 20 searches
const SAMPLE_EVERY = 10;

export interface HeapSample {
  afterInteractions: number;
  usedBytes: number;
}

export interface HeapFigures {
  products: number;
  pageChanges: number;
  searches: number;
  samples: HeapSample[];
  firstBytes: number;
  lastBytes: number;
  growthBytes: number;
  allowedGrowthBytes: number;
  pass: boolean;
}

async function heapAfterGc(page: Page, cdp: CDPSession): Promise<number> {
  // Let the last paint's tasks, image decodes and the live region's timers settle first.
  await page.waitForTimeout(300);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

export async function measureHeapGrowth(browser: Browser, origin: string): Promise<HeapFigures> {
  process.stdout.write(
    `  ${HEAP_PRODUCTS.toLocaleString('en-US')} products: heap over ${INTERACTIONS} interactions …`,
  );
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(initScript(installInteractionProbe, 30_000));
    const cdp = await context.newCDPSession(page);
    await openProducts(page, origin);
    const samples: HeapSample[] = [];
    const counts: Record<Interaction, number> = { search: 0, category: 0, page: 0 };
    for (let i = 1; i <= INTERACTIONS; i += 1) {
      const kind: Interaction = i % 7 === 6 || i % 7 === 0 ? 'search' : 'page';
      await interact(page, kind, counts[kind]);
      counts[kind] += 1;
      if (i % SAMPLE_EVERY === 0) {
        samples.push({ afterInteractions: i, usedBytes: await heapAfterGc(page, cdp) });
      }
    }
    const firstBytes = samples[0]?.usedBytes ?? Number.NaN;
    const lastBytes = samples[samples.length - 1]?.usedBytes ?? Number.NaN;
    const growthBytes = lastBytes - firstBytes;
    process.stdout.write(' done\n');
    return {
      products: HEAP_PRODUCTS,
      pageChanges: counts.page,
      searches: counts.search,
      samples,
      firstBytes,
      lastBytes,
      growthBytes,
      allowedGrowthBytes: BUDGETS.heapGrowthBytes,
      pass: growthBytes <= BUDGETS.heapGrowthBytes,
    };
  } finally {
    await context.close();
  }
}
