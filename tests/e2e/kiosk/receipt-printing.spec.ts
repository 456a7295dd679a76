/**
 * Receipt printing in the kiosk: through the bridge when the main process is there (it
 * prints silently to the receipt printer), through the browser when it is not.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt, bridgeCalls, installBridge, openKiosk } from '../support/kiosk';
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

  test('prints through the bridge and says so', async ({ page }) => {
    await installBridge(page);
    await buy(page);
    await page.getByRole('button', { name: 'Print receipt' }).click();
    await expect(page.getByText('Your receipt is printing.')).toBeVisible();
    expect(await bridgeCalls(page)).toEqual(['print']);
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
