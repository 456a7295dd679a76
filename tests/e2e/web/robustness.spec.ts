/**
 * Robustness beyond the fault matrix (fault-matrix.spec.ts): a bad cart line among good
 * ones, a failing catalogue asked only once, hostile product data, odd stored quantities,
 * and a clean console on normal pages.
 */
import type { Page } from '@playwright/test';
import { cardTitle, productById, type Product } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { fulfilJson, isCatalogueList, isProductDetail, trackRequests } from '../support/network';
import { cartJson, seedStorage } from '../support/storage';
import { cartLine, cards, errorAlert, expectCartCount, main } from '../support/ui';

const NOT_FOUND = "Oh no, this route doesn't exist!";

async function expectNoCrash(page: Page, pageErrors: string[]): Promise<void> {
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);
  expect(pageErrors, 'uncaught exceptions').toEqual([]);
  const text = await main(page).innerText();
  expect(text).not.toMatch(/NaN|Infinity|undefined|\[object Object\]/);
}

test.describe('corrupt storage', () => {
  test('a cart line with a bad item among good ones keeps the good ones', async ({
    page,
    pageErrors,
    servedCatalogue,
  }) => {
    const good = served(servedCatalogue, 2);
    const cart = [
      { productId: good.id, quantity: 1, productData: good },
      { productId: 99, quantity: 1, productData: { id: 99 } },
      'junk',
    ];
    await seedStorage(page, { cart: JSON.stringify(cart) });
    await page.goto('/cart');
    await expect(cartLine(page, productById(2))).toBeVisible();
    await expectCartCount(page, 1);
    await expectNoCrash(page, pageErrors);
  });
});

test.describe('a failing catalogue is asked once', () => {
  test('a 500 on the catalogue makes one request; only Try again asks again', async ({ page }) => {
    const calls = trackRequests(page, (request) => isCatalogueList(new URL(request.url())));
    await page.route(isCatalogueList, (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/products');
    await expect(errorAlert(page)).toContainText('Error: Failed to fetch products');
    // Spec §7: no other calls — nothing is retried behind the shopper's back.
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(1);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(errorAlert(page)).toBeVisible();
    expect(calls).toHaveLength(2);
  });

  test('a failing product detail makes one request', async ({ page }) => {
    const calls = trackRequests(page, (request) => isProductDetail(new URL(request.url())));
    await page.route(isProductDetail, (route) => route.abort());
    await page.goto('/product/5');
    await expect(errorAlert(page)).toContainText('Error:');
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(1);
  });
});

test.describe('hostile product data', () => {
  const XSS = '<img src=x onerror=alert(1)>';

  test('an HTML title is shown as text and runs nothing', async ({ page, servedCatalogue }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const hostile: Product[] = servedCatalogue.map((p, i) =>
      i === 0 ? { ...p, title: XSS, description: `${XSS} <script>alert(2)</script>` } : p,
    );
    await fulfilJson(page, isCatalogueList, hostile);
    await fulfilJson(page, isProductDetail, hostile[0]);
    await page.goto('/products');
    await expect(
      page.getByRole('heading', { name: cardTitle(hostile[0]!), exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await page.goto(`/product/${hostile[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: XSS, exact: true })).toBeVisible();
    await page.goto('/cart');
    await expect(main(page).getByText(XSS, { exact: true }).first()).toBeVisible();
    await page.goto('/checkout');
    await expect(main(page).getByText(XSS).first()).toBeVisible();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toBe(0);
  });
});

test.describe('odd quantities', () => {
  const odd: [string, unknown][] = [
    ['zero', 0],
    ['negative', -3],
    ['fractional', 2.5],
    ['a numeric string', '3'],
    ['huge', 1e9],
    ['NaN-ish string', 'lots'],
  ];
  for (const [label, quantity] of odd) {
    test(`a stored quantity that is ${label} does not break the cart`, async ({
      page,
      pageErrors,
      servedCatalogue,
    }) => {
      const product = served(servedCatalogue, 1);
      await seedStorage(page, {
        cart: JSON.stringify([{ productId: product.id, quantity, productData: product }]),
      });
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        /^(Shopping Cart|No items in cart)$/,
      );
      await expectNoCrash(page, pageErrors);
      const text = await main(page).innerText();
      expect(text).not.toMatch(/(Line total|Original price|Tax|Total)\s*[-−]|e\+/);
      await page.goto('/checkout');
      await expectNoCrash(page, pageErrors);
    });
  }

  test('a very long typed quantity stays a sane number', async ({ page, pageErrors }) => {
    const product = productById(1);
    await page.goto(`/product/${product.id}`);
    const box = page.getByRole('textbox', { name: 'Quantity' });
    await box.fill('99999999999999999999999');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.goto('/cart');
    await expectNoCrash(page, pageErrors);
    const text = await main(page).innerText();
    expect(text).not.toMatch(/(Line total|Original price|Tax|Total)\s*[-−]|e\+/);
  });
});

test.describe('console', () => {
  const routes = ['/', '/home', '/about', '/products', '/product/1', '/cart', '/checkout'];
  test('normal pages log no console errors, page errors or CSP violations', async ({
    page,
    consoleErrors,
    servedCatalogue,
  }) => {
    await seedStorage(page, {
      cart: cartJson([
        [served(servedCatalogue, 1), 1],
        [served(servedCatalogue, 9), 2],
      ]),
    });
    for (const route of routes) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /thank you/i })).toBeVisible();
    await page.goto('/products');
    await cards(page).first().getByRole('link').first().click();
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });
});
