/** Spec §2 /checkout, §3 receipt identifier, §4 confirm transition, §7 no call on checkout. */
import type { Page } from '@playwright/test';
import { escapeRegExp, priciestProduct, productById, type Product } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { exactQuantities, formatCents, money, totalsOfLines } from '../support/money';
import { cartJson, readStored, seedStorage } from '../support/storage';
import { expectCartCount, expectRow, main } from '../support/ui';

function knownCart(): [Product, number][] {
  const products = [productById(2), priciestProduct()];
  const quantities = exactQuantities(products.map((p) => p.price));
  return products.map((p, i) => [p, quantities[i] ?? 1]);
}

async function openCheckout(
  page: Page,
  servedCatalogue: Product[],
  lines: [Product, number][],
): Promise<void> {
  await seedStorage(page, {
    cart: cartJson(lines.map(([p, q]) => [served(servedCatalogue, p.id), q])),
  });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

const confirm = (page: Page) =>
  page.getByRole('button', { name: 'Confirm Purchase !', exact: true });

test.describe('checkout', () => {
  test('lists the cart lines read-only with quantity and line total', async ({
    page,
    servedCatalogue,
  }) => {
    const lines = knownCart();
    await openCheckout(page, servedCatalogue, lines);
    for (const [product, quantity] of lines) {
      const line = main(page).getByRole('listitem').filter({ hasText: product.title });
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(new RegExp(`Qty:?\\s*${quantity}\\b`));
      await expect(line).toContainText(money(product.price * quantity));
      await expect(line.getByRole('textbox')).toHaveCount(0);
      await expect(line.getByRole('button')).toHaveCount(0);
    }
  });

  test('shows savings and the total including tax (checkout opened directly)', async ({
    page,
    servedCatalogue,
  }) => {
    const lines = knownCart();
    const t = totalsOfLines(lines);
    await openCheckout(page, servedCatalogue, lines);
    await expectRow(main(page), 'Savings', formatCents(t.savings));
    await expectRow(main(page), 'Total', formatCents(t.total));
  });

  test("'Confirm Purchase !' is shown only when the cart has items", async ({
    page,
    servedCatalogue,
  }) => {
    await openCheckout(page, servedCatalogue, knownCart());
    await expect(confirm(page)).toBeVisible();
  });

  test("an empty cart shows no 'Confirm Purchase !' button", async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(confirm(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Keep Shoping', exact: true })).toBeVisible();
  });

  test("'Keep Shoping' goes to /products", async ({ page, servedCatalogue }) => {
    await openCheckout(page, servedCatalogue, knownCart());
    await page.getByRole('link', { name: 'Keep Shoping', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('confirming shows a thank-you heading and a receipt, and hides the checkout totals', async ({
    page,
    servedCatalogue,
  }) => {
    const lines = knownCart();
    const t = totalsOfLines(lines);
    await openCheckout(page, servedCatalogue, lines);
    const before = Date.now();
    await confirm(page).click();
    const after = Date.now();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
    ).toBeVisible();
    const receipt = main(page).getByText(/Receipt-\d+-\d+/);
    await expect(receipt).toBeVisible();
    const text = (await receipt.textContent()) ?? '';
    const match = /(Receipt-(\d{13})-(\d{1,3}))/.exec(text);
    expect(match, `receipt in '${text}'`).not.toBeNull();
    expect(match![1]).toMatch(/^Receipt-\d{13}-\d{1,3}$/);
    const timestamp = Number(match![2]);
    const random = Number(match![3]);
    expect(timestamp).toBeGreaterThanOrEqual(before - 5_000);
    expect(timestamp).toBeLessThanOrEqual(after + 5_000);
    expect(random).toBeGreaterThanOrEqual(0);
    expect(random).toBeLessThanOrEqual(999);
    // The checkout's own totals (the order being confirmed) are gone…
    await expect(main(page).getByRole('heading', { name: 'Your order' })).toHaveCount(0);
    await expect(main(page).getByText('Total (incl. tax)')).toHaveCount(0);
    await expect(confirm(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Keep Shoping', exact: true })).toBeVisible();
    // …and so are the receipt's: the web shows its id and QR alone (the kiosk adds the
    // items and what was paid).
    const slip = page.getByRole('region', { name: 'Your receipt' });
    await expect(slip.getByRole('img', { name: `QR code of receipt ${match![1]}` })).toBeVisible();
    await expect(slip.getByRole('listitem')).toHaveCount(0);
    for (const amount of [t.savings, t.tax, t.total]) {
      await expect(main(page)).not.toContainText(formatCents(amount));
    }
    await expect(main(page)).not.toContainText('$');
  });

  test('confirming clears cart, savings and totalPriceBeforeTax in storage', async ({
    page,
    servedCatalogue,
  }) => {
    await openCheckout(page, servedCatalogue, knownCart());
    await confirm(page).click();
    await expect(page.getByRole('heading', { level: 1, name: /thank you/i })).toBeVisible();
    await expect.poll(() => readStored(page, 'cart')).toEqual([]);
    await expect.poll(() => readStored(page, 'savings')).toBe(0);
    await expect.poll(() => readStored(page, 'totalPriceBeforeTax')).toBe(0);
    await expectCartCount(page, 0);
  });

  test('confirming sends nothing to any server', async ({ page, servedCatalogue }) => {
    await openCheckout(page, servedCatalogue, knownCart());
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (r) => {
      const kind = r.resourceType();
      if (
        r.method() !== 'GET' ||
        ['fetch', 'xhr', 'ping', 'eventsource', 'websocket'].includes(kind)
      ) {
        requests.push(`${r.method()} ${r.url()} (${kind})`);
      }
    });
    await confirm(page).click();
    await expect(page.getByRole('heading', { level: 1, name: /thank you/i })).toBeVisible();
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
  });

  test('each confirmation gets a fresh receipt', async ({ page, servedCatalogue }) => {
    const product = productById(1);
    await openCheckout(page, servedCatalogue, [[product, 1]]);
    await confirm(page).click();
    const first = await main(page)
      .getByText(/Receipt-\d+-\d+/)
      .textContent();
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.goto('/checkout');
    await confirm(page).click();
    const second = await main(page)
      .getByText(/Receipt-\d+-\d+/)
      .textContent();
    expect(second).not.toBe(first);
    expect(second ?? '').toMatch(new RegExp(escapeRegExp('Receipt-')));
  });
});
