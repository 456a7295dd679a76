/**
 * The web shop offline (fault matrix: offline after one visit): its service worker keeps
 * the app and the catalogue images, so a shopper who has been here once can still browse,
 * fill the cart and see every picture. It makes no catalogue call the spec does not make.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { demoCatalogue } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { isCatalogueList, isProductDetail, trackRequests } from '../support/network';
import {
  browserNetwork,
  expectCatalogueWithImages,
  expectProductPageRecovers,
} from '../support/offline';
import { card, cards, cartLine, cartLink, expectCartCount, expectImagesShown } from '../support/ui';

/** Waits until the service worker controls the page, then lets lazy images load. */
async function controlledBy(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

async function visitOnce(page: Page): Promise<void> {
  await page.goto('/products');
  await expect(cards(page)).toHaveCount(6);
  await controlledBy(page);
  // Under the worker's control: this visit's images go into its cache.
  await page.reload();
  await expectCatalogueWithImages(page);
}

test.describe('the web shop offline after one visit', () => {
  test('opens, lists the catalogue with its images and fills the cart', async ({
    page,
    context,
  }) => {
    const product = demoCatalogue()[0]!;
    const network = browserNetwork(context);
    await visitOnce(page);
    await network.setUp(false);
    await page.reload();
    await expectCatalogueWithImages(page);
    await card(page, product).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 1);
    await cartLink(page).click();
    await expect(cartLine(page, product)).toBeVisible();
    await expectImagesShown(page);
    await network.setUp(true);
  });

  test('a product page whose fetch fails says so, and works again when the network returns', async ({
    page,
    context,
  }) => {
    const product = demoCatalogue()[4]!;
    const network = browserNetwork(context);
    await visitOnce(page);
    await network.setUp(false);
    await page.goto(`/product/${product.id}`);
    await expectProductPageRecovers(page, network, product);
  });

  test('the worker makes no catalogue call the spec does not make', async ({ page, context }) => {
    const list = trackRequests(page, (r) => isCatalogueList(new URL(r.url())));
    const detail = trackRequests(page, (r) => isProductDetail(new URL(r.url())));
    const workerFetches: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker()) workerFetches.push(request.url());
    });
    await visitOnce(page);
    await page.goto('/home');
    await page.goto('/cart');
    // Once on the products page with nothing cached; never again, never by the worker.
    expect(list).toHaveLength(1);
    expect(detail).toHaveLength(0);
    expect(workerFetches.filter((url) => /\/api\/products/.test(url))).toEqual([]);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.filter((url) => /\/api\/products/.test(url))).toEqual([]);
    expect(cached.some((url) => /\/api\/images\/\d+\.svg$/.test(url))).toBe(true);
  });
});

test.describe('a new version of the web shop', () => {
  test('is picked up on the next visit, worker and all', async ({ page }) => {
    // A deploy of our own: a copy of the web build, served on a free port.
    const root = resolve(__dirname, '../../..');
    const site = mkdtempSync(join(tmpdir(), 'shop-deploy-'));
    cpSync(join(root, 'out/web'), site, { recursive: true });
    const serve = spawn(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        'scripts/serve.ts',
        '--no-build',
        '--port',
        '0',
        '--dir',
        site,
      ],
      { cwd: root },
    );
    const origin = await new Promise<string>((done, fail) => {
      let output = '';
      serve.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/[\d.:]+)\//.exec(output);
        if (match?.[1]) done(match[1]);
      });
      serve.on('exit', () => fail(new Error(`serve exited: ${output}`)));
    });
    const server = { origin, close: () => serve.kill() };
    try {
      await page.goto(`${server.origin}/products`);
      await expect(cards(page)).toHaveCount(6);
      await controlledBy(page);
      const firstWorker = await page.evaluate(async () => (await caches.keys()).sort());

      // The next deploy: a changed page and a new worker (its build manifest changes).
      const index = join(site, 'index.html');
      writeFileSync(
        index,
        readFileSync(index, 'utf8').replace(
          '<title>Kiosk Shop</title>',
          '<title>Kiosk Shop</title><meta name="release" content="next">',
        ),
      );
      const worker = join(site, 'sw.js');
      writeFileSync(
        worker,
        readFileSync(worker, 'utf8').replace(/"version":"[0-9a-f]+"/, '"version":"next000000"'),
      );

      await page.goto(`${server.origin}/products`);
      await expect(page.locator('meta[name="release"]')).toHaveAttribute('content', 'next');
      // The new worker takes over: its files cached, the old version's gone.
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await caches.keys()).filter((name) => name.startsWith('shop-app-')),
          ),
        )
        .toEqual(['shop-app-next000000']);
      expect(firstWorker.filter((name) => name.startsWith('shop-app-'))).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
