/** Spec §2 /product/{id}, §4 quantity rules, §5 quantity validation, §7 detail call, §8 errors. */
import type { Page } from '@playwright/test';
import { escapeRegExp, productById } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { money } from '../support/money';
import { isProductDetail } from '../support/network';
import { readStored } from '../support/storage';
import {
  cartLine,
  decrease,
  errorAlert,
  expectCartCount,
  increase,
  quantityBox,
} from '../support/ui';

const product = productById(1);

async function gotoDetail(page: Page, id = product.id): Promise<void> {
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: productById(id).title })).toBeVisible();
}

const addToCart = (page: Page) => page.getByRole('button', { name: 'Add to cart', exact: true });

test.describe('product detail', () => {
  test('shows title, category, price, image, description, In stock and rating with count', async ({
    page,
  }) => {
    await gotoDetail(page);
    const mainArea = page.getByRole('main');
    await expect(mainArea.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(
      mainArea.getByText(new RegExp(`^${escapeRegExp(product.category)}$`, 'i')).first(),
    ).toBeVisible();
    await expect(mainArea.getByText(money(product.price), { exact: true })).toBeVisible();
    await expect(mainArea.getByRole('img', { name: product.title, exact: true })).toBeVisible();
    await expect(mainArea.getByText(product.description, { exact: true })).toBeVisible();
    await expect(mainArea.getByText('In stock', { exact: true })).toBeVisible();
    await expect(mainArea.getByRole('img', { name: /^Rated [\d.]+ out of 5$/ })).toBeVisible();
    await expect(
      mainArea.getByText(new RegExp(`\\b${product.rating.count}\\b`)).first(),
    ).toBeVisible();
  });

  test('quantity defaults to 1', async ({ page }) => {
    await gotoDetail(page);
    await expect(quantityBox(page)).toHaveValue('1');
  });

  test('plus and minus change the quantity by 1; minus never goes below 1', async ({ page }) => {
    await gotoDetail(page);
    await increase(page).click();
    await increase(page).click();
    await expect(quantityBox(page)).toHaveValue('3');
    await decrease(page).click();
    await expect(quantityBox(page)).toHaveValue('2');
    await decrease(page).click();
    await decrease(page).click();
    await decrease(page).click();
    await expect(quantityBox(page)).toHaveValue('1');
  });

  test('typed quantity keeps only digits', async ({ page }) => {
    await gotoDetail(page);
    await quantityBox(page).fill('');
    await quantityBox(page).pressSequentially('a1-2.x5');
    await expect(quantityBox(page)).toHaveValue('125');
  });

  for (const [typed, how] of [
    ['0', 'blur'],
    ['0', 'Enter'],
    ['', 'blur'],
    ['', 'Enter'],
    ['abc', 'blur'],
    ['000', 'Enter'],
  ] as const) {
    test(`quantity '${typed}' becomes 1 on ${how}`, async ({ page }) => {
      await gotoDetail(page);
      await quantityBox(page).fill('');
      if (typed) await quantityBox(page).pressSequentially(typed);
      if (how === 'Enter') await quantityBox(page).press('Enter');
      else await quantityBox(page).blur();
      await expect(quantityBox(page)).toHaveValue('1');
    });
  }

  test("'Add to cart' adds the chosen quantity", async ({ page }) => {
    await gotoDetail(page);
    await quantityBox(page).fill('3');
    await quantityBox(page).blur();
    await addToCart(page).click();
    await expectCartCount(page, 3);
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
    const line = cartLine(page, product);
    await expect(quantityBox(line)).toHaveValue('3');
    await expect(line).toContainText(money(product.price * 3));
  });

  test('adding a product already in the cart increases its quantity', async ({ page }) => {
    await gotoDetail(page);
    await addToCart(page).click();
    await quantityBox(page).fill('2');
    await quantityBox(page).blur();
    // The same button, 'Added' for 2 s after the first click and 'Add to cart' after that: a
    // busy machine can take longer than 2 s to fill the box, and either name adds.
    await page.getByRole('button', { name: /^(Added|Add to cart)$/ }).click();
    await expectCartCount(page, 3);
    const cart = await readStored(page, 'cart');
    expect(cart).toEqual([
      expect.objectContaining({
        productId: product.id,
        quantity: 3,
        productData: expect.objectContaining({ id: product.id, title: product.title }),
      }),
    ]);
  });

  test("'Add to cart' shows 'Added' for 2 seconds", async ({ page }) => {
    await page.clock.install();
    await gotoDetail(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    await addToCart(page).click();
    await expect(page.getByRole('button', { name: 'Added', exact: true })).toBeVisible();
    await page.clock.runFor(1_900);
    await expect(page.getByRole('button', { name: 'Added', exact: true })).toBeVisible();
    await page.clock.runFor(200);
    await expect(addToCart(page)).toBeVisible();
  });

  test("repeated 'Add to cart' clicks restart the 2 second timer", async ({ page }) => {
    await page.clock.install();
    await gotoDetail(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    await addToCart(page).click();
    await page.clock.runFor(1_500);
    await page.getByRole('button', { name: 'Added', exact: true }).click();
    await page.clock.runFor(1_500);
    await expect(page.getByRole('button', { name: 'Added', exact: true })).toBeVisible();
    await page.clock.runFor(600);
    await expect(addToCart(page)).toBeVisible();
    await expectCartCount(page, 2);
  });

  test("'Buy it now' appears only when the product is in the cart and links to /cart", async ({
    page,
  }) => {
    await gotoDetail(page);
    await expect(page.getByRole('link', { name: 'Buy it now' })).toHaveCount(0);
    await addToCart(page).click();
    const buy = page.getByRole('link', { name: 'Buy it now', exact: true });
    await expect(buy).toBeVisible();
    await buy.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLine(page, product)).toBeVisible();
  });

  test("'Buy it now' is absent for a product not in the cart", async ({ page }) => {
    await gotoDetail(page, 1);
    await addToCart(page).click();
    await gotoDetail(page, 2);
    await expect(page.getByRole('link', { name: 'Buy it now' })).toHaveCount(0);
  });

  test('shows a spinner while the product loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(isProductDetail, async (route) => {
      await gate;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Loading product' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading product' })).toBeHidden();
  });

  for (const status of [404, 500]) {
    test(`HTTP ${status} shows 'Error: Failed to fetch product'`, async ({ page }) => {
      await page.route(isProductDetail, (route) =>
        route.fulfill({ status, contentType: 'application/json', body: '{"error":"x"}' }),
      );
      await page.goto(`/product/${product.id}`);
      await expect(errorAlert(page)).toContainText('Error: Failed to fetch product');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    });
  }

  test("an empty 200 body shows 'Error: Failed to fetch product'", async ({ page }) => {
    await page.route(isProductDetail, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '' }),
    );
    await page.goto(`/product/${product.id}`);
    await expect(errorAlert(page)).toContainText('Error: Failed to fetch product');
  });

  for (const id of ['abc', '999999', '0', '-1', '1.5']) {
    test(`/product/${id} shows 'Error: Failed to fetch product'`, async ({ page }) => {
      await page.goto(`/product/${id}`);
      await expect(errorAlert(page)).toContainText('Error: Failed to fetch product');
      await expect(page.getByRole('heading', { level: 1, name: product.title })).toHaveCount(0);
    });
  }

  test('a network error shows its own message', async ({ page }) => {
    await page.route(isProductDetail, (route) => route.abort('connectionrefused'));
    await page.goto(`/product/${product.id}`);
    const alert = errorAlert(page);
    await expect(alert).toContainText(/Error: \S/);
    await expect(alert).not.toContainText('Failed to fetch product');
    await expect(alert).toContainText('Error: Failed to fetch');
  });

  test("'Try again' recovers once the product can be fetched", async ({ page }) => {
    await page.route(isProductDetail, (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(`/product/${product.id}`);
    await expect(errorAlert(page)).toBeVisible();
    await page.unroute(isProductDetail);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  });

  test('the product detail call is GET /products/{id}, once (the early hint is that call)', async ({
    page,
  }) => {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (isProductDetail(new URL(r.url())))
        urls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await gotoDetail(page, 5);
    await page.waitForTimeout(1000);
    expect(urls).toEqual(['GET /api/products/5']);
  });
});
