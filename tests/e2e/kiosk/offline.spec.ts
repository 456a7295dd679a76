/**
 * The kiosk offline after one visit (fault matrix). The kiosk keeps its images in the main
 * process's on-disk cache; here that very cache (electron/main/image-cache.ts) stands in
 * front of every image the renderer loads, as Electron's protocol handler puts it, and
 * "the network" is what that handler can reach.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import {
  DEFAULT_IMAGE_CACHE,
  fetchThroughImageCache,
  ImageCache,
} from '../../../electron/main/image-cache';
import { cardTitle, demoCatalogue } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt, openKiosk } from '../support/kiosk';
import { isCatalogueList, isProductDetail } from '../support/network';
import {
  card,
  cards,
  cartLine,
  cartLink,
  errorAlert,
  expectCartCount,
  expectImagesShown,
  header,
} from '../support/ui';

test.beforeAll(assertKioskBuilt);

const isImage = (url: URL) => /\/images\/\d+\.svg$/.test(url.pathname);

/** The kiosk's network: up or down, for the image cache and the catalogue alike. */
interface Network {
  up: boolean;
}

async function throughImageCache(page: Page, cache: ImageCache, network: Network): Promise<void> {
  const fetch = (request: Request) =>
    network.up ? globalThis.fetch(request) : Promise.reject(new TypeError('fetch failed'));
  await page.route(isImage, async (route: Route) => {
    try {
      const response = await fetchThroughImageCache(new Request(route.request().url()), {
        cache,
        fetch,
      });
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    } catch {
      await route.abort('internetdisconnected');
    }
  });
  // The catalogue's own calls go straight to the network, which may be gone.
  await page.route(
    (url) => isCatalogueList(url) || isProductDetail(url),
    (route) => (network.up ? route.continue() : route.abort('internetdisconnected')),
  );
}

/** One shopper's visit: the catalogue, a product page and the cart. */
async function visit(page: Page): Promise<void> {
  const product = demoCatalogue()[1]!;
  await openKiosk(page);
  await header(page).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(cards(page)).toHaveCount(6);
  await expectImagesShown(page);
  await card(page, product)
    .getByRole('link', { name: cardTitle(product), exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expectImagesShown(page);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await cartLink(page).click();
  await expect(cartLine(page, product)).toBeVisible();
  await expectImagesShown(page);
}

/** A kiosk whose images go through a fresh on-disk cache, after one shopper's visit online. */
async function afterOneVisit(page: Page): Promise<{ dir: string; network: Network }> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-images-'));
  const network: Network = { up: true };
  await throughImageCache(page, await ImageCache.open({ dir, ...DEFAULT_IMAGE_CACHE }), network);
  await visit(page);
  return { dir, network };
}

test.describe('the kiosk offline after one visit', () => {
  test('the catalogue, its images and the cart keep working, also after a restart', async ({
    page,
    browser,
  }) => {
    const { dir, network } = await afterOneVisit(page);

    network.up = false;
    await page.reload();
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(cards(page)).toHaveCount(6);
    await expectImagesShown(page);
    const another = demoCatalogue()[3]!;
    await card(page, another).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 2);
    await cartLink(page).click();
    await expectImagesShown(page);

    // A restart: a new window and a new cache process on the same folder, still offline.
    const restarted = await browser.newContext({ viewport: { width: 1080, height: 1920 } });
    const next = await restarted.newPage();
    await throughImageCache(next, await ImageCache.open({ dir, ...DEFAULT_IMAGE_CACHE }), network);
    await next.addInitScript(
      (stored) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      },
      await page.evaluate((): Record<string, string> =>
        Object.fromEntries(Object.entries(localStorage)),
      ),
    );
    await openKiosk(next);
    await header(next).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(cards(next)).toHaveCount(6);
    await expectImagesShown(next);
    await restarted.close();
  });

  test('a product page whose fetch fails shows the error with Try again, and works when the network returns', async ({
    page,
  }) => {
    const { network } = await afterOneVisit(page);
    network.up = false;
    const product = demoCatalogue()[5]!;
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await card(page, product)
      .getByRole('link', { name: cardTitle(product), exact: true })
      .click();
    await expect(errorAlert(page)).toBeVisible();
    await expect(errorAlert(page)).toContainText('Error: ');
    network.up = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expectImagesShown(page);
  });
});
