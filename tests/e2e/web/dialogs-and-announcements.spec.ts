/**
 * Dialogs trap focus, close on Escape, are labelled and give focus back; 'Added' and cart
 * changes are announced politely, once.
 */
import type { Page } from '@playwright/test';
import { demoCatalogue } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { cartJson, seedStorage } from '../support/storage';
import { card, cartLine, header, increase, VIEWPORTS } from '../support/ui';

const politeStatus = (page: Page) => page.locator('[role="status"][aria-live="polite"]').last();

test.describe('the menu dialog', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('is labelled, keeps Tab inside, closes on Escape and gives focus back', async ({ page }) => {
    await page.goto('/home');
    const opener = header(page).getByRole('button', { name: 'Open menu' });
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('announcements', () => {
  test("'Added' is announced politely with the product's name", async ({ page }) => {
    const product = demoCatalogue()[0]!;
    await page.goto('/products');
    await card(page, product).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Added ${product.title} to the cart.` }),
    ).toHaveCount(1);
    await expect(politeStatus(page)).toHaveText(`Added ${product.title} to the cart.`);
  });

  test('a cart change is announced with the new count', async ({ page, servedCatalogue }) => {
    const product = demoCatalogue()[2]!;
    await seedStorage(page, { cart: cartJson([[servedCatalogue[2]!, 1]]) });
    await page.goto('/cart');
    await increase(cartLine(page, product)).click();
    await expect(page.getByRole('status').filter({ hasText: '2 items in the cart.' })).toHaveText(
      `${product.title}: quantity 2. 2 items in the cart.`,
    );
    await cartLine(page, product).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The cart is empty.' })).toHaveText(
      `Removed ${product.title}. The cart is empty.`,
    );
  });
});
