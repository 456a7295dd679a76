/**
 * An unattended kiosk: after 90 s without a touch it asks "Are you still there?", counts
 * 15 s down, wipes the shopper's session and shows the attract screen until the next
 * touch. The kiosk renderer does this without a bridge; the main process's config sets the
 * times (here a fake bridge with short ones) or turns it off (staff mode).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  accessibilityButton,
  assertKioskBuilt,
  attractScreen,
  bridgeCalls,
  idlePrompt,
  installBridge,
  pageNow,
  runUntil,
  touchedAt,
  keyboard,
  openKiosk,
  playStaffExit,
  runSeconds,
  typeOnKeyboard,
} from '../support/kiosk';
import { cartJson, readStored, seedStorage } from '../support/storage';
import { cards, expectCartCount, header, searchBox } from '../support/ui';

test.beforeAll(assertKioskBuilt);

async function openCart(page: Page): Promise<void> {
  await header(page)
    .getByRole('link', { name: /^Cart, / })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
}

test.describe('kiosk defaults, without a bridge', () => {
  test('asks after 90 s, counts 15 s down, wipes the cart and shows the attract screen', async ({
    page,
    servedCatalogue,
  }) => {
    await page.clock.install();
    await seedStorage(page, { cart: cartJson([[servedCatalogue[0]!, 2]]) });
    await openKiosk(page);
    // The last touch: the idle time counts from here.
    const touched = await touchedAt(page, () =>
      header(page).getByRole('link', { name: 'Products', exact: true }).click(),
    );
    await expect(cards(page)).toHaveCount(6);
    await expectCartCount(page, 2);

    await runUntil(page, touched, 89_000);
    await expect(idlePrompt(page)).toHaveCount(0);
    await runUntil(page, touched, 90_500);
    await expect(idlePrompt(page)).toBeVisible();
    await expect(idlePrompt(page).getByText(/^1[45]$/)).toBeVisible();
    await expect(idlePrompt(page).getByRole('button', { name: "I'm still here" })).toBeVisible();
    await runSeconds(page, 5);
    await expect(idlePrompt(page).getByText(/^(10|9)$/)).toBeVisible();
    await runSeconds(page, 11);

    await expect(attractScreen(page)).toBeVisible();
    await expect(idlePrompt(page)).toHaveCount(0);
    expect(await readStored(page, 'cart')).toEqual([]);
    expect(await readStored(page, 'savings')).toBe(0);
    expect(await readStored(page, 'totalPriceBeforeTax')).toBe(0);
    // The cached catalogue stays for the next shopper.
    expect(((await readStored(page, 'products')) as unknown[]).length).toBe(servedCatalogue.length);

    await attractScreen(page).click();
    await expect(attractScreen(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
    await expectCartCount(page, 0);
  });

  test("I'm still here (or Escape) keeps the session and starts a new idle period", async ({
    page,
    servedCatalogue,
  }) => {
    await page.clock.install();
    await seedStorage(page, { cart: cartJson([[servedCatalogue[0]!, 1]]) });
    await openKiosk(page);
    const start = page.getByRole('link', { name: 'Start Shoping' });
    await start.focus();
    await runUntil(page, await pageNow(page), 91_000);
    await expect(idlePrompt(page)).toBeVisible();
    // Focus is trapped in the dialog, which is labelled and has its answer focused.
    await expect(idlePrompt(page).getByRole('button', { name: "I'm still here" })).toBeFocused();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await idlePrompt(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await idlePrompt(page).getByRole('button', { name: "I'm still here" }).click();
    await expect(idlePrompt(page)).toHaveCount(0);
    // Focus goes back where it was.
    await expect(start).toBeFocused();
    const answered = await pageNow(page);
    await runUntil(page, answered, 30_000);
    await expect(idlePrompt(page)).toHaveCount(0);
    await runUntil(page, answered, 91_000);
    await expect(idlePrompt(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(idlePrompt(page)).toHaveCount(0);
    await runSeconds(page, 20);
    await expectCartCount(page, 1);
  });

  test('a touch postpones the question', async ({ page }) => {
    await page.clock.install();
    await openKiosk(page);
    await runUntil(page, await pageNow(page), 80_000);
    const touched = await touchedAt(page, () => page.getByRole('heading', { level: 1 }).click());
    await runUntil(page, touched, 85_000);
    await expect(idlePrompt(page)).toHaveCount(0);
    await runUntil(page, touched, 91_000);
    await expect(idlePrompt(page)).toBeVisible();
  });
});

test.describe('the staff exit', () => {
  test('wipes the shopper’s session once the PIN is accepted, before the kiosk quits', async ({
    page,
    servedCatalogue,
  }) => {
    await installBridge(page, { pin: '2468' });
    await seedStorage(page, { cart: cartJson([[servedCatalogue[0]!, 2]]) });
    await openKiosk(page);
    await expectCartCount(page, 2);
    await playStaffExit(page);
    const pinDialog = page.getByRole('dialog', { name: 'Staff exit' });
    const pin = pinDialog.getByLabel('Enter the staff PIN to close the kiosk');
    await pin.fill('1357');
    await pinDialog.getByRole('button', { name: 'Close kiosk' }).click();
    await expect(pinDialog.getByRole('alert')).toHaveText('That PIN is not right.');
    await expectCartCount(page, 2);

    await pin.fill('2468');
    await pinDialog.getByRole('button', { name: 'Close kiosk' }).click();
    await expect(attractScreen(page)).toBeVisible();
    expect(await readStored(page, 'cart')).toEqual([]);
    expect(await readStored(page, 'savings')).toBe(0);
    expect(await readStored(page, 'totalPriceBeforeTax')).toBe(0);
    expect(await bridgeCalls(page)).toEqual(['pin:1357', 'pin:2468']);
  });
});

test.describe('the idle wipe, with the main process’s short times', () => {
  test.beforeEach(async ({ page }) => {
    await installBridge(page, { config: { idleTimeoutSeconds: 3, idleCountdownSeconds: 5 } });
  });

  test('wipes the receipt, the cart and its totals; the catalogue stays', async ({
    page,
    servedCatalogue,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, {
      cart: cartJson([
        [servedCatalogue[0]!, 1],
        [servedCatalogue[1]!, 1],
      ]),
    });
    await openKiosk(page);
    await openCart(page);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
    await expect(page.getByRole('region', { name: 'Your receipt' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('lastReceipt'))).not.toBeNull();

    await expect(idlePrompt(page)).toBeVisible({ timeout: 8_000 });
    await expect(attractScreen(page)).toBeVisible({ timeout: 8_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('lastReceipt'))).toBeNull();
    await expect(page.getByText(/Receipt-\d+-\d+/)).toHaveCount(0);
    expect(await readStored(page, 'cart')).toEqual([]);
    await attractScreen(page).click();
    await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
  });

  test('wipes typed text, the open keyboard, accessibility mode and the staff PIN dialog', async ({
    page,
    servedCatalogue,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { cart: cartJson([[servedCatalogue[2]!, 1]]) });
    await openKiosk(page);
    await accessibilityButton(page).click();
    await expect(accessibilityButton(page)).toHaveAttribute('aria-pressed', 'true');
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await searchBox(page).click();
    await typeOnKeyboard(page, 'ring');
    await keyboard(page).getByRole('button', { name: 'Enter', exact: true }).click();
    await expect(page.getByText('Results for “ring”')).toBeVisible();
    await searchBox(page).click();
    await typeOnKeyboard(page, 'bag');
    await expect(keyboard(page)).toBeVisible();
    await playStaffExit(page);
    const pinDialog = page.getByRole('dialog', { name: 'Staff exit' });
    await expect(pinDialog).toBeVisible();
    await pinDialog.getByLabel('Enter the staff PIN to close the kiosk').fill('13');

    await expect(attractScreen(page)).toBeVisible({ timeout: 12_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.a11y ?? null)).toBeNull();
    await expect(keyboard(page)).toHaveCount(0);
    await expect(pinDialog).toBeHidden();
    await attractScreen(page).click();
    await expectCartCount(page, 0);
    await expect(accessibilityButton(page)).toHaveAttribute('aria-pressed', 'false');
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByText(/Results for/)).toHaveCount(0);
    await playStaffExit(page);
    await expect(pinDialog.getByLabel('Enter the staff PIN to close the kiosk')).toHaveValue('');
  });

  test('the idle timer pauses while a receipt prints', async ({ page, servedCatalogue }) => {
    test.setTimeout(120_000);
    await installBridge(page, {
      config: { idleTimeoutSeconds: 3, idleCountdownSeconds: 5 },
      printMs: 6_000,
    });
    await seedStorage(page, { cart: cartJson([[servedCatalogue[0]!, 1]]) });
    await openKiosk(page);
    await openCart(page);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
    await page.getByRole('button', { name: 'Print receipt' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Printing your receipt' }),
    ).toBeVisible();
    await page.waitForTimeout(4_500);
    await expect(idlePrompt(page)).toHaveCount(0);
    await expect(page.getByText('Your receipt is printing.')).toBeVisible({ timeout: 5_000 });
    await expect(idlePrompt(page)).toBeVisible({ timeout: 6_000 });
  });
});

test.describe('the staff exit dialog', () => {
  test('is labelled, closes on Escape and gives focus back', async ({ page }) => {
    await installBridge(page);
    await openKiosk(page);
    const start = page.getByRole('link', { name: 'Start Shoping' });
    await start.focus();
    await playStaffExit(page);
    const dialog = page.getByRole('dialog', { name: 'Staff exit' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Enter the staff PIN to close the kiosk')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(start).toBeFocused();
  });
});

test.describe('staff mode (--windowed)', () => {
  test('has no idle prompt, no on-screen keyboard and no accessibility button', async ({
    page,
  }) => {
    await installBridge(page, { config: { mode: 'windowed', idleTimeoutSeconds: 2 } });
    await openKiosk(page);
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await searchBox(page).click();
    await page.waitForTimeout(3_000);
    await expect(keyboard(page)).toHaveCount(0);
    await expect(idlePrompt(page)).toHaveCount(0);
    await expect(accessibilityButton(page)).toHaveCount(0);
  });
});
