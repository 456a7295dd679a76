/**
 * The receipt for the pickup counter (kiosk issue): after 'Confirm Purchase !' the
 * thank-you view shows the id and a scannable QR code (on the web without amounts: spec
 * §2 hides the totals; the kiosk adds the items and what was paid), and 'Print receipt'
 * prints a slip laid out for a 58/80 mm roll (the web build prints through the browser;
 * only the slip is printed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { productById, type Product } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { exactQuantities } from '../support/money';
import { cartJson, seedStorage } from '../support/storage';

const SLIP_PDF = resolve(__dirname, '../../../test-results/receipt/receipt-slip-80mm.pdf');

function twoLines(): [Product, number][] {
  const products = [productById(5), productById(9)];
  const quantities = exactQuantities(products.map((p) => p.price));
  return products.map((p, i) => [p, quantities[i] ?? 1]);
}

async function confirmPurchase(
  page: Page,
  servedCatalogue: Product[],
  lines: [Product, number][],
): Promise<string> {
  await seedStorage(page, {
    cart: cartJson(lines.map(([p, q]) => [served(servedCatalogue, p.id), q])),
  });
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
  const id = await page
    .getByRole('region', { name: 'Your receipt' })
    .getByText(/^Receipt-\d{13}-\d{1,3}$/)
    .textContent();
  return id ?? '';
}

test.describe('the receipt', () => {
  test('shows the id and a QR code of it (at least 160 px), and no amounts: spec §2 hides the totals', async ({
    page,
    servedCatalogue,
  }) => {
    const id = await confirmPurchase(page, servedCatalogue, twoLines());
    const receipt = page.getByRole('region', { name: 'Your receipt' });
    const qr = receipt.getByRole('img', { name: `QR code of receipt ${id}` });
    await expect(qr).toBeVisible();
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(160);
    expect(box.height).toBeGreaterThanOrEqual(160);
    // The items and what was paid are the kiosk's receipt (tests/e2e/kiosk).
    await expect(receipt.getByRole('list', { name: 'Items' })).toHaveCount(0);
    await expect(receipt.getByText('Paid')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('$');
  });

  test('shows no collection number: the web build has no kiosk to give one', async ({
    page,
    servedCatalogue,
  }) => {
    const id = await confirmPurchase(page, servedCatalogue, twoLines());
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
    await page.waitForTimeout(200);
    await expect(page.getByRole('region', { name: 'Your collection number' })).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(/collection number|watch the board/i);
    await expect(page.getByRole('region', { name: 'Your receipt' }).getByText(id)).toHaveText(id);
  });

  test('a reload keeps the receipt id findable', async ({ page, servedCatalogue }) => {
    const id = await confirmPurchase(page, servedCatalogue, twoLines());
    await page.reload();
    await expect(page.getByText(id)).toBeVisible();
  });

  test('Print receipt prints through the browser', async ({ page, servedCatalogue }) => {
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { __printed: number }).__printed =
          ((window as unknown as { __printed?: number }).__printed ?? 0) + 1;
      };
    });
    await confirmPurchase(page, servedCatalogue, twoLines());
    await page.getByRole('button', { name: 'Print receipt' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __printed?: number }).__printed))
      .toBe(1);
  });

  test('the printed slip is the receipt alone, on one 80 mm page', async ({
    page,
    servedCatalogue,
  }) => {
    const lines = twoLines();
    const id = await confirmPurchase(page, servedCatalogue, lines);
    await page.emulateMedia({ media: 'print' });
    // In print, only the receipt and its way up the tree are displayed.
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0)
        .filter((el) => !el.closest('.receipt-card') && !el.querySelector('.receipt-card'))
        .map((el) => el.tagName),
    );
    expect(shown).toEqual([]);
    await expect(page.getByText('Print receipt')).toBeHidden();
    await expect(page.getByText('Kiosk Shop · store pickup receipt')).toBeVisible();
    const pdf = await page.pdf({ width: '80mm', height: '297mm', printBackground: true });
    mkdirSync(resolve(SLIP_PDF, '..'), { recursive: true });
    writeFileSync(SLIP_PDF, pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
    // The slip fits the roll: nothing wider than the page.
    const width = await page.evaluate(
      () => document.querySelector('.receipt-card')?.scrollWidth ?? 0,
    );
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(id).toMatch(/^Receipt-/);
  });
});
