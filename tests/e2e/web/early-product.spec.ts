/**
 * A product page's early paint (src/features/catalogue/early-cards/early-product.ts): on
 * /product/{id} as written (English, an empty cart), the product is painted from the page's one call before the
 * app's code runs, as the app then shows it; its quantity and 'Add to Cart' wait visibly for
 * the app, which takes the answer instead of calling again.
 */
import type { Page } from '@playwright/test';
import { expect, served, test } from '../support/fixtures';
import { appCardsShown, holdTheApp } from '../support/held-app';
import { cartJson, seedStorage } from '../support/storage';
import { expectCartCount, main } from '../support/ui';

/** Counts the page's calls of one product of the catalogue. */
function countProductCalls(page: Page, id: number): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/products/${id}`) calls += 1;
  });
  return () => calls;
}

/** The product as a shopper meets it: its texts, its image and its rating's name. */
const productAsShown = (page: Page) =>
  main(page)
    .locator('article')
    .evaluate((article) => ({
      text: (article as HTMLElement).innerText,
      heading: article.querySelector('h1')?.textContent,
      image: article.querySelector('img')?.getAttribute('src'),
      alt: article.querySelector('img')?.getAttribute('alt'),
      rating: article.querySelector('[data-rating]')?.getAttribute('aria-label'),
      stars: article.querySelectorAll('[data-rating] path').length,
    }));

const addToCart = (page: Page) => main(page).getByRole('button', { name: 'Add to Cart' });

test.describe('a product page’s early paint', () => {
  // Held in the page's network: a service worker would answer the app's files itself.
  test.use({ serviceWorkers: 'block' });

  test('paints the product from the one call before the app, as the app then shows it', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const product = served(servedCatalogue, 3);
    const calls = countProductCalls(page, product.id);
    const release = await holdTheApp(page);
    await page.goto(`/product/${product.id}`, { waitUntil: 'commit' });
    await expect(main(page).getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    const painted = await productAsShown(page);
    // The controls wait visibly: nothing to tap before the app is there.
    await expect(addToCart(page)).toHaveCount(0);
    await expect(main(page).locator('.animate-shimmer')).toHaveCount(2);
    await expect(main(page).getByRole('status')).toHaveCount(0);
    release();
    await appCardsShown(page);
    const shown = await productAsShown(page);
    // The app's page adds its controls below the same product.
    expect(shown.text.startsWith(painted.text.trim())).toBe(true);
    expect({ ...shown, text: '' }).toEqual({ ...painted, text: '' });
    await addToCart(page).click();
    await expectCartCount(page, 1);
    expect(calls(), 'one call of the product, made early, taken by the app').toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  test('a failing product paints nothing: the app shows its error, after one call', async ({
    page,
    consoleErrors,
  }) => {
    let calls = 0;
    await page.route('**/api/products/2', (route) => {
      calls += 1;
      return route.fulfill({ status: 404, body: '{}' });
    });
    const release = await holdTheApp(page);
    await page.goto('/product/2', { waitUntil: 'commit' });
    await expect(
      main(page).getByRole('status').filter({ hasText: 'Loading product' }),
    ).toBeVisible();
    await page.waitForTimeout(300);
    await expect(main(page).locator('article')).toHaveCount(0);
    release();
    await expect(main(page).getByText('Error: Failed to fetch product')).toBeVisible();
    expect(calls).toBe(1);
    expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  test('an id the app would not ask for: no call, the app’s error', async ({
    page,
    consoleErrors,
  }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/products/')) calls += 1;
    });
    await page.goto('/product/abc');
    await expect(main(page).getByText('Error: Failed to fetch product')).toBeVisible();
    expect(calls).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('items in the cart: the page waits for the app, which shows the product', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const product = served(servedCatalogue, 1);
    await seedStorage(page, { cart: cartJson([[product, 2]]) });
    const release = await holdTheApp(page);
    await page.goto(`/product/${product.id}`, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toBeHidden();
    release();
    await expect(main(page).getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expectCartCount(page, 2);
    expect(consoleErrors).toEqual([]);
  });
});
