/**
 * The web shop offline (fault matrix: offline after one visit): its service worker keeps
 * the app and the catalogue images, so a shopper who has been here once can still browse,
 * fill the cart and see every picture. It makes no catalogue call the spec does not make.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { demoCatalogue } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { isCatalogueList, isProductDetail, trackRequests } from '../support/network';
import { card, cards, cartLine, cartLink, errorAlert, expectCartCount } from '../support/ui';

/** Waits until the service worker controls the page, then lets lazy images load. */
async function controlledBy(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Every product image on screen has really loaded (no fallback tile). */
async function expectImagesShown(page: Page): Promise<void> {
  await expect(page.getByText('Image unavailable')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('main img')].every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}

async function visitOnce(page: Page): Promise<void> {
  await page.goto('/products');
  await expect(cards(page)).toHaveCount(6);
  await controlledBy(page);
  // Under the worker's control: this visit's images go into its cache.
  await page.reload();
  await expect(cards(page)).toHaveCount(6);
  await expectImagesShown(page);
}

async function offline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

test.describe('the web shop offline after one visit', () => {
  test('opens, lists the catalogue with its images and fills the cart', async ({
    page,
    context,
  }) => {
    const product = demoCatalogue()[0]!;
    await visitOnce(page);
    await offline(context);
    await page.reload();
    await expect(cards(page)).toHaveCount(6);
    await expectImagesShown(page);
    await card(page, product).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 1);
    await cartLink(page).click();
    await expect(cartLine(page, product)).toBeVisible();
    await expectImagesShown(page);
    await context.setOffline(false);
  });

  test('a product page whose fetch fails says so, and works again when the network returns', async ({
    page,
    context,
  }) => {
    const product = demoCatalogue()[4]!;
    await visitOnce(page);
    await offline(context);
    await page.goto(`/product/${product.id}`);
    await expect(errorAlert(page)).toBeVisible();
    await expect(errorAlert(page)).toContainText('Error: ');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
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
