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
import {
  precacheManifest,
  type PrecacheManifest,
} from '../../../tools/build/precache-manifest.mts';
import { demoCatalogue } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { isCatalogueList, isProductDetail, trackRequests } from '../support/network';
import {
  browserNetwork,
  expectCatalogueWithImages,
  expectProductPageRecovers,
} from '../support/offline';
import { seedStorage } from '../support/storage';
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

/** A deploy of our own: a copy of the web build, served on a free port by `npm run serve`. */
async function deployCopy(): Promise<{ origin: string; site: string; close: () => void }> {
  const root = resolve(__dirname, '../../..');
  const site = mkdtempSync(join(tmpdir(), 'shop-deploy-'));
  cpSync(join(root, 'out/web'), site, { recursive: true });
  const serve = spawn(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/web/serve.ts',
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
  return { origin, site, close: () => serve.kill() };
}

const BUILD_LINE = /^self\.__SHOP_BUILD__=(\{.*?\});\n/;

/** The manifest a deployed sw.js carries. */
function deployedManifest(site: string): PrecacheManifest {
  const match = BUILD_LINE.exec(readFileSync(join(site, 'sw.js'), 'utf8'));
  if (!match?.[1]) throw new Error('sw.js carries no build manifest');
  return JSON.parse(match[1]) as PrecacheManifest;
}

/**
 * What the build would write into sw.js for the files now in `site`: the same derivation
 * (tools/build/precache-manifest.mts) over the deployed bytes.
 */
function manifestOfFiles(site: string): PrecacheManifest {
  return precacheManifest(
    deployedManifest(site).files.map((path) => ({ path, bytes: readFileSync(join(site, path)) })),
  );
}

/** Caches this origin's service worker keeps, by name prefix. */
async function cacheNames(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(
    async (wanted) => (await caches.keys()).filter((name) => name.startsWith(wanted)),
    prefix,
  );
}

test.describe('a new version of the web shop', () => {
  test('is picked up on the next visit, worker and all', async ({ page }) => {
    const server = await deployCopy();
    const { site } = server;
    try {
      await page.goto(`${server.origin}/products`);
      await expect(cards(page)).toHaveCount(6);
      await controlledBy(page);
      const firstWorker = await page.evaluate(async () => (await caches.keys()).sort());

      // The next deploy: a changed page (the products page's, written by the build) and a
      // new worker (its build manifest changes).
      const index = join(site, 'products', 'index.html');
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

  test('serves a file changed under the same name fresh once the new worker takes over', async ({
    page,
  }) => {
    const server = await deployCopy();
    const { site } = server;
    try {
      // The version the build wrote is the hash of the very bytes it shipped.
      const built = deployedManifest(site);
      expect(manifestOfFiles(site)).toEqual(built);
      await page.goto(`${server.origin}/products`);
      await expect(cards(page)).toHaveCount(6);
      await controlledBy(page);
      const favicon = () =>
        page.evaluate(async () => [
          ...new Uint8Array(await (await fetch('/favicon.png')).arrayBuffer()),
        ]);
      const first = readFileSync(join(site, 'favicon.png'));
      expect(await favicon()).toEqual([...first]);

      // The next build: the same file names, a new favicon.png, its manifest as the build
      // makes it.
      const next = Buffer.concat([first, Buffer.from('next build')]);
      writeFileSync(join(site, 'favicon.png'), next);
      const rebuilt = manifestOfFiles(site);
      expect(rebuilt.files).toEqual(built.files);
      expect(rebuilt.version).not.toBe(built.version);
      const worker = join(site, 'sw.js');
      writeFileSync(
        worker,
        readFileSync(worker, 'utf8').replace(
          BUILD_LINE,
          `self.__SHOP_BUILD__=${JSON.stringify(rebuilt)};\n`,
        ),
      );

      await page.goto(`${server.origin}/products`);
      await expect
        .poll(() => cacheNames(page, 'shop-app-'))
        .toEqual([`shop-app-${rebuilt.version}`]);
      expect(await favicon()).toEqual([...next]);
    } finally {
      server.close();
    }
  });
});

/** A small real PNG, as an image host would send it. */
const PNG = readFileSync(resolve(__dirname, '../../../resources/public/favicon.png'));

test.describe('the worker pins no failed image', () => {
  for (const cors of [false, true]) {
    const kind = cors ? 'ok' : 'opaque';
    test(`another host’s picture that failed (${cors ? 'CORS' : 'no CORS'}) is asked again at the next view, shows once it exists, and offline`, async ({
      page,
      context,
      servedCatalogue,
    }) => {
      const host = `https://${cors ? 'cors' : 'plain'}-images.shop-e2e.test`;
      let exists = false;
      let asked = 0;
      await context.route(`${host}/**`, (route) => {
        asked += 1;
        // Playwright answers a CORS request with CORS headers of its own; a host without
        // CORS is one whose CORS requests fail, as the browser makes them fail.
        if (!cors && route.request().headers().origin) return route.abort('accessdenied');
        const headers: Record<string, string> = cors ? { 'Access-Control-Allow-Origin': '*' } : {};
        return exists
          ? route.fulfill({ status: 200, contentType: 'image/png', body: PNG, headers })
          : route.fulfill({
              status: 404,
              contentType: 'text/html',
              body: '<h1>Not found</h1>',
              headers,
            });
      });
      const catalogue = servedCatalogue.map((product, i) =>
        i === 0 ? { ...product, image: `${host}/products/1.png` } : product,
      );
      await seedStorage(page, { products: JSON.stringify(catalogue) });
      await page.goto('/products');
      await controlledBy(page);
      const tile = card(page, catalogue[0]!);
      const expectShown = async () => {
        await expect(tile.getByText('Image unavailable')).toHaveCount(0);
        await expect
          .poll(() =>
            tile
              .locator('img')
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          )
          .toBeGreaterThan(0);
      };

      // Under the worker's control: the 404 passes through it.
      asked = 0;
      await page.reload();
      await expect(tile.getByText('Image unavailable')).toBeVisible();
      expect(asked).toBeGreaterThan(0);

      // The next view asks again, and the picture is there now.
      exists = true;
      asked = 0;
      await page.reload();
      await expectShown();
      expect(asked).toBeGreaterThan(0);
      const records = await page.evaluate(async () => {
        const cache = await caches.open('shop-image-records-v2');
        const kept: string[] = [];
        for (const key of await cache.keys()) {
          if (key.url.includes('shop-e2e.test')) kept.push(await (await cache.match(key))!.text());
        }
        return kept;
      });
      expect(records.map((text) => (JSON.parse(text) as { kind: string }).kind)).toEqual([kind]);

      // Kept to show offline.
      await browserNetwork(context).setUp(false);
      await page.reload();
      await expectShown();
      await browserNetwork(context).setUp(true);
    });
  }
});
