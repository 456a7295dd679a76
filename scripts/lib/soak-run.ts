/**
 * The soak's run, shared by `npm run soak` and its 20-session smoke test: the kiosk
 * renderer build opened from disk (out/renderer, as tests/e2e/kiosk opens it) under a fake
 * clock, its catalogue answered in-process by the embedded catalogue (no port to clash
 * with another run), N shopper sessions, a sample every `every` sessions.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { createCatalogueApp } from '../../server/catalogue/catalogue-app';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';
import { REPO_ROOT } from './cli-args';
import type { SoakSample } from './soak-budgets';
import { takeSample, startSampler } from './soak-sampler';
import { attractScreen, shopperSession } from './soak-session';

export const KIOSK_INDEX = join(REPO_ROOT, 'out', 'renderer', 'index.html');
export const CHROMIUM_FILE_ARGS = ['--allow-file-access-from-files'];

export interface SoakOptions {
  sessions: number;
  every: number;
  /** Told after each sample, for progress output. */
  onSample?: (sample: SoakSample) => void;
}

export function assertKioskRendererBuilt(): void {
  if (!existsSync(KIOSK_INDEX)) {
    throw new Error('out/renderer/index.html is missing: run npm run build:e2e first');
  }
}

/**
 * Answers the renderer's catalogue calls (its `/api` on 127.0.0.1, whatever port the build
 * baked in) from the demo catalogue, built for that origin so image URLs load too.
 */
export async function serveCatalogue(context: BrowserContext): Promise<void> {
  const products = loadDemoCatalogue();
  const apps = new Map<string, ReturnType<typeof createCatalogueApp>>();
  await context.route(
    (url) => url.hostname === '127.0.0.1' && url.pathname.startsWith('/api/'),
    async (route) => {
      const url = new URL(route.request().url());
      let app = apps.get(url.origin);
      if (!app) {
        app = createCatalogueApp({ products, basePath: '/api', publicOrigin: url.origin });
        apps.set(url.origin, app);
      }
      const response = await app.fetch(new Request(url));
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    },
  );
}

/** Opens the kiosk under a fake clock and runs the sessions; resolves with the samples. */
export async function runSoak(page: Page, options: SoakOptions): Promise<SoakSample[]> {
  assertKioskRendererBuilt();
  await serveCatalogue(page.context());
  await page.clock.install();
  await page.goto(pathToFileURL(KIOSK_INDEX).href);
  await page.getByRole('link', { name: 'Start Shoping' }).waitFor();
  const cdp = await startSampler(page);
  const samples: SoakSample[] = [];
  for (let session = 1; session <= options.sessions; session += 1) {
    await shopperSession(page, session);
    if (session % options.every === 0) {
      // Sampled at the attract screen, the same state every time.
      await attractScreen(page).waitFor();
      const sample = await takeSample(page, cdp, session);
      samples.push(sample);
      options.onSample?.(sample);
    }
  }
  await cdp.detach();
  return samples;
}
