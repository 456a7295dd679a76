/** Spec §3 shared state: the four localStorage keys, restore on start, two tabs. */
import type { Page } from '@playwright/test';
import { cardTitle, demoCatalogue, productById, type Product } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { cartTotals, exactQuantities, formatCents, totalsOfLines } from '../support/money';
import {
  STORAGE_KEYS,
  cartJson,
  readRawStorage,
  readStored,
  seedStorage,
} from '../support/storage';
import {
  card,
  cartLine,
  cartLink,
  expectCartCount,
  expectRow,
  orderSummary,
  quantityBox,
} from '../support/ui';

async function addFromProducts(page: Page, product: Product): Promise<void> {
  await page.goto('/products');
  await card(page, product).getByRole('button', { name: 'Add to Cart', exact: true }).click();
}

test.describe('storage', () => {
  test('all four keys are written with the documented formats', async ({ page }) => {
    const product = demoCatalogue()[0]!;
    await addFromProducts(page, product);
    await expectCartCount(page, 1);
    await cartLink(page).click();
    await expect(cartLine(page, product)).toBeVisible();
    await expect
      .poll(async () => Object.values(await readRawStorage(page)).includes(null))
      .toBe(false);
    const raw = await readRawStorage(page);
    for (const key of STORAGE_KEYS)
      expect(() => JSON.parse(raw[key] ?? '') as unknown).not.toThrow();

    const cart = await readStored(page, 'cart');
    expect(cart).toEqual([
      {
        productId: product.id,
        quantity: 1,
        productData: expect.objectContaining({
          id: product.id,
          title: product.title,
          description: product.description,
          category: product.category,
          price: product.price,
          image: expect.any(String),
          rating: { rate: product.rating.rate, count: product.rating.count },
        }),
      },
    ]);
    const products = await readStored(page, 'products');
    expect(Array.isArray(products)).toBe(true);
    expect((products as Product[]).map((p) => p.id)).toEqual(demoCatalogue().map((p) => p.id));
    expect(typeof (await readStored(page, 'savings'))).toBe('number');
    expect(typeof (await readStored(page, 'totalPriceBeforeTax'))).toBe('number');
    expect(await readStored(page, 'totalPriceBeforeTax')).toBeCloseTo(product.price, 2);
    expect(await readStored(page, 'savings')).toBeCloseTo(product.price / 10, 2);
  });

  test('the cart is restored after a reload', async ({ page }) => {
    const product = demoCatalogue()[1]!;
    await addFromProducts(page, product);
    await expectCartCount(page, 1);
    await page.reload();
    await expectCartCount(page, 1);
    await page.goto('/cart');
    await expect(cartLine(page, product)).toBeVisible();
  });

  test('a pre-seeded cart in the original format is shown', async ({ page, servedCatalogue }) => {
    const a = productById(4);
    const b = productById(7);
    const q = exactQuantities([a.price, b.price]);
    const lines: [Product, number][] = [
      [a, q[0] ?? 1],
      [b, q[1] ?? 1],
    ];
    await seedStorage(page, {
      cart: cartJson(lines.map(([p, n]) => [served(servedCatalogue, p.id), n])),
      savings: '0',
      totalPriceBeforeTax: '0',
    });
    await page.goto('/cart');
    await expect(cartLine(page, a)).toBeVisible();
    await expect(quantityBox(cartLine(page, a))).toHaveValue(String(lines[0]![1]));
    await expect(quantityBox(cartLine(page, b))).toHaveValue(String(lines[1]![1]));
    await expectCartCount(page, lines[0]![1] + lines[1]![1]);
    const t = totalsOfLines(lines);
    await expectRow(orderSummary(page), 'Original price', formatCents(t.subtotal));
    await expectRow(orderSummary(page), 'Total', formatCents(t.total));
  });

  test('two tabs agree (storage event)', async ({ page, context }) => {
    const product = demoCatalogue()[0]!;
    const other = await context.newPage();
    await other.goto('/home');
    await expectCartCount(other, 0);
    await addFromProducts(page, product);
    await expectCartCount(page, 1);
    await expectCartCount(other, 1);
    await other.goto('/cart');
    await expect(cartLine(other, product)).toBeVisible();
    await cartLine(other, product).getByRole('button', { name: 'Remove' }).click();
    await expectCartCount(other, 0);
    await expectCartCount(page, 0);
  });

  test('totals are right after adding from the detail page', async ({ page }) => {
    const product = productById(5);
    const quantity = exactQuantities([product.price])[0] ?? 1;
    await page.goto(`/product/${product.id}`);
    await quantityBox(page).fill(String(quantity));
    await quantityBox(page).press('Enter');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expectCartCount(page, quantity);
    await cartLink(page).click();
    const t = cartTotals([{ price: product.price, quantity }]);
    await expectRow(orderSummary(page), 'Original price', formatCents(t.subtotal));
    await expectRow(orderSummary(page), 'Savings', formatCents(t.savings));
    await expectRow(orderSummary(page), 'Tax', formatCents(t.tax));
    await expectRow(orderSummary(page), 'Total', formatCents(t.total));
  });

  test('totals are right on /checkout opened directly after adding on /products', async ({
    page,
  }) => {
    const product = productById(1);
    const quantity = exactQuantities([product.price])[0] ?? 1;
    await page.goto('/products');
    const button = card(page, product).getByRole('button', { name: /^(Add to Cart|Added)$/ });
    for (let i = 0; i < quantity; i += 1) await button.click();
    await expectCartCount(page, quantity);
    await page.goto('/checkout');
    const t = cartTotals([{ price: product.price, quantity }]);
    await expectRow(page.getByRole('main'), 'Savings', formatCents(t.savings));
    await expectRow(page.getByRole('main'), 'Total', formatCents(t.total));
  });

  test('cached products are restored on start (cards render from storage)', async ({
    page,
    servedCatalogue,
  }) => {
    const subset = servedCatalogue.slice(3, 5);
    await seedStorage(page, { products: JSON.stringify(subset) });
    await page.goto('/products');
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(subset.map(cardTitle));
  });
});
