/**
 * A shopper with a USB keypad (arrows, Enter, Escape) and no touch: the kiosk renderer
 * from disk, from the attract screen to the receipt by keys alone ("Moving
 * around"). Every step asserts where the focus is, so a key that lands nowhere fails here.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  assertKioskBuilt,
  attractScreen,
  idlePrompt,
  keyboard,
  openKiosk,
  pageNow,
  runSeconds,
  runUntil,
  runUntilIdlePrompt,
} from '../support/kiosk';
import { cards, cartLines, expectCartCount, header, main, quantityBox } from '../support/ui';

test.beforeAll(assertKioskBuilt);

const focused = (page: Page): Locator => page.locator(':focus');

const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluate((element) => element === document.activeElement);

/** Presses `key` until `target` has the focus; returns how many presses that took. */
async function arrowTo(page: Page, target: Locator, key: string, max = 40): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} ×${max} never reached ${target.toString()}`);
}

interface KeyAt {
  row: number;
  col: number;
}

const keyAt = (key: Locator): Promise<KeyAt> =>
  key.evaluate((element) => ({
    row: Number((element as HTMLElement).dataset.row),
    col: Number((element as HTMLElement).dataset.col),
  }));

/** Walks the focus across the on-screen keys to the named one, by arrows, and presses Enter. */
async function pressKeyByArrows(page: Page, name: string): Promise<void> {
  const goal = await keyAt(keyboard(page).getByRole('button', { name, exact: true }));
  for (let step = 0; step < 30; step += 1) {
    const at = await keyAt(focused(page));
    if (at.row === goal.row && at.col === goal.col) {
      await page.keyboard.press('Enter');
      return;
    }
    if (at.row !== goal.row) await page.keyboard.press(at.row < goal.row ? 'ArrowDown' : 'ArrowUp');
    else await page.keyboard.press(at.col < goal.col ? 'ArrowRight' : 'ArrowLeft');
  }
  throw new Error(`the arrows never reached the key ${name}`);
}

async function typeByArrows(page: Page, text: string): Promise<void> {
  for (const char of text) await pressKeyByArrows(page, char === ' ' ? 'Space' : char);
}

/** The focused control is on screen, clear of the sticky header and the bottom bar. */
async function expectInView(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const headerBox = await header(page).boundingBox();
  const barTop = await page
    .getByRole('button', { name: 'Accessibility mode' })
    .evaluate((button) => button.parentElement!.getBoundingClientRect().top);
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  expect(box!.y + box!.height).toBeLessThanOrEqual(barTop);
}

async function expectFocusRing(target: Locator): Promise<void> {
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(3);
}

test('attract screen to receipt by keypad alone', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await openKiosk(page);
  // A wiped session: the attract screen waits for the next shopper.
  await runUntilIdlePrompt(page);
  await expect(idlePrompt(page)).toBeVisible();
  await runSeconds(page, 16);
  await expect(attractScreen(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(attractScreen(page)).toHaveCount(0);
  // The attract screen took its focus with it: the first arrow starts at the page's heading.
  await page.keyboard.press('ArrowDown');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const start = page.getByRole('link', { name: 'Start Shoping' });
  await expect(start).toBeFocused();
  await expectFocusRing(start);
  await page.keyboard.press('Enter');

  // The catalogue: the focus is on its heading, the arrows go down the page from there,
  // past the search box (its keyboard opens and closes again) to the first card.
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeFocused();
  await expect(cards(page)).toHaveCount(6);
  const firstCard = cards(page).first();
  const addToCart = firstCard.getByRole('button', { name: 'Add to Cart' });
  expect(await arrowTo(page, addToCart, 'ArrowDown')).toBeLessThan(25);
  await expect(keyboard(page)).toBeHidden();
  await expectFocusRing(addToCart);
  await expectInView(page, addToCart);
  await page.keyboard.press('Enter');
  await expect(firstCard.getByText('Added')).toBeVisible();
  await expectCartCount(page, 1);

  // Its title opens the product; Escape comes back to the catalogue.
  const title = firstCard.getByRole('heading').getByRole('link');
  const productTitle = (await title.getAttribute('title')) ?? '';
  await arrowTo(page, title, 'ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: productTitle })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeFocused();

  // Up the page to the header's cart link.
  await arrowTo(page, header(page).getByRole('link', { name: /^Cart, / }), 'ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeFocused();

  // The quantity: Up and Down change it, the arrows do not leave it.
  const line = cartLines(page).first();
  const quantity = quantityBox(line);
  await arrowTo(page, quantity, 'ArrowDown');
  await expectInView(page, quantity);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await expect(quantity).toHaveValue('2');
  await expect(quantity).toBeFocused();
  await expectCartCount(page, 2);
  // Right goes to the numeric pad; a 4 typed there replaces the quantity, Done closes it.
  await expect(keyboard(page).getByRole('button', { name: 'Done' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(focused(page)).toHaveAttribute('aria-label', '1');
  await typeByArrows(page, '4');
  await pressKeyByArrows(page, 'Done');
  await expect(keyboard(page)).toBeHidden();
  await expect(quantity).toBeFocused();
  await expect(quantity).toHaveValue('4');
  await expectCartCount(page, 4);

  // The voucher, typed on the on-screen keyboard (in capitals) by arrows and Enter.
  const voucher = page.getByRole('textbox', { name: 'Do you have a voucher or gift card?' });
  await arrowTo(page, voucher, 'ArrowLeft');
  await expect(keyboard(page)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(focused(page)).toHaveAttribute('aria-label', '1');
  await typeByArrows(page, 'ESHOP10');
  await expect(voucher).toHaveValue('ESHOP10');
  await pressKeyByArrows(page, 'Enter');
  await expect(page.getByText('Voucher ESHOP10 applied: 10% savings')).toBeVisible();
  await expect(keyboard(page)).toBeHidden();
  await expect(voucher).toBeFocused();

  // To checkout and confirm.
  await arrowTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }), 'ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
  await arrowTo(page, page.getByRole('button', { name: 'Confirm Purchase !' }), 'ArrowDown');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
  ).toBeFocused();
  await expect(main(page).getByText(/^Receipt-\d{13}-\d{1,3}$/)).toBeVisible();

  // Escape goes back a screen: the cart, now empty.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'No items in cart' })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test('inside the idle prompt the arrows stay in it and Escape answers it, not the page', async ({
  page,
}) => {
  await page.clock.install();
  await openKiosk(page);
  await page.getByRole('link', { name: 'Start Shoping' }).click();
  await cards(page).first().getByRole('heading').getByRole('link').click();
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await runUntil(page, await pageNow(page), 91_000);
  await expect(idlePrompt(page)).toBeVisible();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowRight']) {
    await page.keyboard.press(key);
    expect(await idlePrompt(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(idlePrompt(page)).toHaveCount(0);
  // Still on the product: that Escape was the prompt's.
  await expect(page.getByRole('link', { name: /Back to products/i })).toBeVisible();
});

test('every control the arrows reach on the catalogue is on screen, clear of the header and the bar', async ({
  page,
}) => {
  await openKiosk(page);
  await page.getByRole('link', { name: 'Start Shoping' }).click();
  await expect(cards(page)).toHaveCount(6);
  await page.getByRole('heading', { level: 1, name: 'Products' }).focus();
  const footerLink = page.getByRole('contentinfo').getByRole('link').last();
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('ArrowDown');
    // The header's own links are the page's top, never under it.
    if (await header(page).evaluate((h) => h.contains(document.activeElement))) continue;
    await expectInView(page, focused(page));
    if (await isFocused(footerLink)) return;
  }
  throw new Error('the arrows never reached the footer');
});
