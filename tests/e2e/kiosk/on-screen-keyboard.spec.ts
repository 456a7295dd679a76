/**
 * The on-screen keyboard of the kiosk renderer (no bridge: a kiosk by default). Every
 * field that takes typing opens it; it types through the field's own rules and never
 * covers the field.
 */
import type { Locator, Page } from '@playwright/test';
import { cardTitle, demoCatalogue, productById } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt, keyboard, openKiosk, typeOnKeyboard } from '../support/kiosk';
import { cartJson, seedStorage } from '../support/storage';
import {
  card,
  cartLine,
  cards,
  expectCartCount,
  header,
  quantityBox,
  searchBox,
} from '../support/ui';

test.beforeAll(assertKioskBuilt);

async function toProducts(page: Page): Promise<void> {
  await openKiosk(page);
  await header(page).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(cards(page)).toHaveCount(6);
}

/** The field's bottom edge is above the keyboard's top edge, with the page scrolled. */
async function expectClearOfKeyboard(page: Page, field: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const fieldBox = await field.boundingBox();
      const keyboardBox = await keyboard(page).boundingBox();
      return fieldBox && keyboardBox ? keyboardBox.y - (fieldBox.y + fieldBox.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  const fieldBox = await field.boundingBox();
  expect(fieldBox!.y).toBeGreaterThanOrEqual(0);
}

test.describe('on-screen keyboard', () => {
  test('touching the search box opens it; Enter searches and clears the box', async ({
    page,
    consoleErrors,
  }) => {
    await toProducts(page);
    await searchBox(page).click();
    await expect(keyboard(page)).toBeVisible();
    await typeOnKeyboard(page, 'shirt');
    await expect(searchBox(page)).toHaveValue('shirt');
    await keyboard(page).getByRole('button', { name: 'Enter', exact: true }).click();
    await expect(page.getByText('Results for “shirt”')).toBeVisible();
    await expect(searchBox(page)).toHaveValue('');
    await expect(keyboard(page)).toBeHidden();
    const matches = demoCatalogue().filter((p) => p.title.toLowerCase().includes('shirt'));
    expect(matches.length).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(Math.min(6, matches.length));
    expect(consoleErrors).toEqual([]);
  });

  test('the search stays required: Enter on an empty box searches nothing and keeps the keyboard', async ({
    page,
  }) => {
    await toProducts(page);
    await searchBox(page).click();
    await keyboard(page).getByRole('button', { name: 'Enter', exact: true }).click();
    await expect(keyboard(page)).toBeVisible();
    await expect(page.getByText(/Results for/)).toHaveCount(0);
    expect(await searchBox(page).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
      true,
    );
  });

  test('Backspace, Space and Shift edit as expected', async ({ page }) => {
    await toProducts(page);
    await searchBox(page).click();
    await typeOnKeyboard(page, 'ab');
    await keyboard(page).getByRole('button', { name: 'Backspace' }).click();
    await keyboard(page).getByRole('button', { name: 'Space', exact: true }).click();
    await keyboard(page).getByRole('button', { name: 'Shift' }).click();
    await expect(keyboard(page).getByRole('button', { name: 'Shift' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await typeOnKeyboard(page, 'C');
    await expect(searchBox(page)).toHaveValue('a C');
  });

  test('the voucher field starts in capitals, applies a valid code and is cleared after every attempt', async ({
    page,
    servedCatalogue,
  }) => {
    await seedStorage(page, { cart: cartJson([[servedCatalogue[0]!, 1]]) });
    await openKiosk(page);
    await header(page)
      .getByRole('link', { name: /^Cart, / })
      .click();
    const voucher = page.getByLabel('Do you have a voucher or gift card?');
    await voucher.click();
    await expect(keyboard(page)).toBeVisible();
    await expectClearOfKeyboard(page, voucher);
    await typeOnKeyboard(page, 'ESHOP10');
    await expect(voucher).toHaveValue('ESHOP10');
    await keyboard(page).getByRole('button', { name: 'Enter', exact: true }).click();
    await expect(page.getByText('Voucher ESHOP10 applied: 10% savings')).toBeVisible();
    await expect(voucher).toHaveValue('');
    // An invalid code (lower case) is cleared too, silently.
    await voucher.click();
    await keyboard(page).getByRole('button', { name: 'Shift' }).click();
    await typeOnKeyboard(page, 'shopmax');
    await keyboard(page).getByRole('button', { name: 'Enter', exact: true }).click();
    await expect(voucher).toHaveValue('');
  });

  test('a quantity field gets a numeric pad: digits only, Done commits, 0 becomes 1', async ({
    page,
  }) => {
    const product = productById(3);
    await toProducts(page);
    await card(page, product)
      .getByRole('link', { name: cardTitle(product), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    const quantity = quantityBox(page);
    await quantity.click();
    await expect(keyboard(page)).toBeVisible();
    await expectClearOfKeyboard(page, quantity);
    // Digits and editing keys only: no letters on the pad.
    await expect(keyboard(page).getByRole('button', { name: 'q', exact: true })).toHaveCount(0);
    // The touch selected the quantity, so typing replaces it.
    await typeOnKeyboard(page, '12');
    await expect(quantity).toHaveValue('12');
    await keyboard(page).getByRole('button', { name: 'Done' }).click();
    await expect(keyboard(page)).toBeHidden();
    await expect(quantity).toHaveValue('12');
    await quantity.click();
    await keyboard(page).getByRole('button', { name: 'Backspace' }).click();
    await expect(quantity).toHaveValue('');
    await typeOnKeyboard(page, '0');
    await keyboard(page).getByRole('button', { name: 'Done' }).click();
    await expect(quantity).toHaveValue('1');
  });

  test('a cart line quantity typed on the pad updates the line and the badge', async ({
    page,
    servedCatalogue,
  }) => {
    const product = servedCatalogue[1]!;
    await seedStorage(page, { cart: cartJson([[product, 1]]) });
    await openKiosk(page);
    await header(page)
      .getByRole('link', { name: /^Cart, / })
      .click();
    const quantity = quantityBox(cartLine(page, demoCatalogue()[1]!));
    await quantity.click();
    await typeOnKeyboard(page, '3');
    await keyboard(page).getByRole('button', { name: 'Done' }).click();
    await expectCartCount(page, 3);
  });

  test('every key is a named button of at least 44x44 px', async ({ page }) => {
    await toProducts(page);
    await searchBox(page).click();
    const keys = await keyboard(page).getByRole('button').all();
    expect(keys.length).toBeGreaterThanOrEqual(45);
    for (const key of keys) {
      const name = (await key.getAttribute('aria-label')) ?? '';
      expect(name.trim()).not.toBe('');
      const box = (await key.boundingBox())!;
      expect(box.width, name).toBeGreaterThanOrEqual(44);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
  });

  test('it closes with its own key, a touch outside and Escape; a physical keyboard still types', async ({
    page,
  }) => {
    await toProducts(page);
    await searchBox(page).click();
    await keyboard(page).getByRole('button', { name: 'Close keyboard' }).click();
    await expect(keyboard(page)).toBeHidden();

    await searchBox(page).click();
    await expect(keyboard(page)).toBeVisible();
    await page.getByRole('heading', { level: 1, name: 'Products' }).click();
    await expect(keyboard(page)).toBeHidden();

    await searchBox(page).click();
    await expect(keyboard(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(keyboard(page)).toBeHidden();
    await page.keyboard.type('Ring');
    await expect(searchBox(page)).toHaveValue('Ring');
    await searchBox(page).press('Enter');
    await expect(page.getByText('Results for “Ring”')).toBeVisible();
  });
});
