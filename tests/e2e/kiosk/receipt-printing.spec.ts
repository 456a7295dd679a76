/**
 * Receipt printing in the kiosk: through the bridge when the main process is there (it is
 * sent the receipt's data, draws the slip itself and prints it silently to the receipt
 * printer), through the browser when it is not. The slip main draws is rendered here in
 * Chromium too: one page on a 58 or 80 mm roll, and a hostile title stays text.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { receiptSlipUrl } from '../../../electron/main/printing/receipt-slip';
import type { PrintableReceipt } from '../../../shared/printable-receipt';
import { expect, test } from '../support/fixtures';
import { cartTotals } from '../support/money';
import {
  assertKioskBuilt,
  bridgeCalls,
  installBridge,
  openKiosk,
  printedReceipts,
} from '../support/kiosk';
import { cartJson, seedStorage } from '../support/storage';
import { header } from '../support/ui';

test.beforeAll(assertKioskBuilt);

async function buy(page: Page): Promise<void> {
  await openKiosk(page);
  await header(page)
    .getByRole('link', { name: /^Cart, / })
    .click();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
  await expect(page.getByRole('region', { name: 'Your receipt' })).toBeVisible();
}

test.describe('kiosk receipt printing', () => {
  test.beforeEach(async ({ page, servedCatalogue }) => {
    await seedStorage(page, { cart: cartJson([[servedCatalogue[3]!, 2]]) });
  });

  test('prints through the bridge and says so, sending the receipt’s data only', async ({
    page,
    servedCatalogue,
  }) => {
    await installBridge(page);
    await buy(page);
    const id = await page.getByText(/^Receipt-\d+-\d+$/).innerText();
    await page.getByRole('button', { name: 'Print receipt' }).click();
    await expect(page.getByText('Your receipt is printing.')).toBeVisible();
    expect(await bridgeCalls(page)).toEqual(['print']);
    const product = servedCatalogue[3]!;
    const { subtotal, savings, tax, total } = cartTotals([{ price: product.price, quantity: 2 }]);
    expect(await printedReceipts(page)).toEqual([
      {
        id,
        issuedAt: expect.any(Number) as unknown,
        lines: [{ title: product.title, quantity: 2, lineTotal: subtotal }],
        savings,
        tax,
        total,
      },
    ]);
  });

  test('a missing printer gives a clear message and no crash', async ({ page, consoleErrors }) => {
    await installBridge(page, {
      print: {
        ok: false,
        message:
          'The receipt printer is not available right now. Please show this screen at the counter.',
      },
    });
    await buy(page);
    await page.getByRole('button', { name: 'Print receipt' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'The receipt printer is not available right now' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('without a bridge the browser prints the slip', async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => {
        document.body.dataset.printed = 'yes';
      };
    });
    await buy(page);
    await page.getByRole('button', { name: 'Print receipt' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  });
});

const SLIP_DIR = resolve(__dirname, '../../../test-results/receipt');

test.describe('the slip the kiosk’s main process draws', () => {
  const HOSTILE = `<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>`;
  const receipt = (lines: number): PrintableReceipt => ({
    id: 'Receipt-1700000000123-42',
    issuedAt: 1700000000123,
    lines: Array.from({ length: lines }, (_, i) => ({
      title: i === 0 ? HOSTILE : `Product ${i + 1}, a title long enough to wrap on a roll`,
      quantity: i + 1,
      lineTotal: 1999 * (i + 1),
    })),
    savings: 500,
    tax: 2000,
    total: 12345,
  });

  test('keeps a hostile title as text: no element, no script, nothing loaded', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) requests.push(request.url());
    });
    await page.goto(receiptSlipUrl(receipt(2)));
    await expect(page.getByText(HOSTILE)).toBeVisible();
    expect(await page.locator('img, script, iframe, object, embed').count()).toBe(0);
    expect(await page.title()).toBe('Receipt-1700000000123-42');
    expect(requests).toEqual([]);
    await expect(page.locator('.paid')).toHaveText(/^Paid\s*\$123\.45$/);
  });

  for (const width of ['58mm', '80mm']) {
    test(`fits a receipt of a few lines on one ${width} slip`, async ({ page }) => {
      await page.goto(receiptSlipUrl(receipt(3)));
      await page.emulateMedia({ media: 'print' });
      const pdf = await page.pdf({ width, height: '297mm', printBackground: true });
      // Kept for a look beside the web build's slip (test-results/receipt/).
      mkdirSync(SLIP_DIR, { recursive: true });
      writeFileSync(resolve(SLIP_DIR, `main-slip-${width}.pdf`), pdf);
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    });
  }
});
