/**
 * The web build is a shop, not a kiosk: no idle prompt, no on-screen keyboard, no
 * accessibility mode button. On a tall 1080 px screen it still reads at arm's length.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '../support/fixtures';
import { accessibilityButton, idlePrompt, keyboard } from '../support/kiosk';
import { cards, searchBox, VIEWPORTS } from '../support/ui';

test.describe('the web build', () => {
  test('has no kiosk behaviours', async ({ page }) => {
    await page.clock.install();
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(6);
    await searchBox(page).click();
    await page.clock.runFor(5 * 60_000);
    await expect(keyboard(page)).toHaveCount(0);
    await expect(idlePrompt(page)).toHaveCount(0);
    await expect(accessibilityButton(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Speech', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Touch to start' })).toHaveCount(0);
  });

  test('ships none of the kiosk code: its shoppers never download it', () => {
    const scripts = (build: string) => {
      const assets = resolve(__dirname, '../../../out', build, 'assets');
      return readdirSync(assets)
        .filter((name) => name.endsWith('.js'))
        .map((name) => readFileSync(resolve(assets, name), 'utf8'));
    };
    const kioskOnly = [
      'Are you still there?',
      'Enter the staff PIN to close the kiosk',
      // Speech for blind shoppers, and the cart's report it reads.
      'Speech is on.',
      'including tax',
    ];
    for (const text of kioskOnly) {
      // The kiosk renderer has it, so the check below looks for something real.
      expect(scripts('renderer').some((code) => code.includes(text))).toBe(true);
      expect(scripts('web').filter((code) => code.includes(text))).toEqual([]);
    }
  });

  test('at 1080x1920: body text 20 px, card titles 22 px, prices 26 px', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.kioskPortrait);
    await page.goto('/products');
    const card = cards(page).first();
    await expect(card).toBeVisible();
    const size = (locator: typeof card) =>
      locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size(page.locator('body'))).toBeGreaterThanOrEqual(20);
    expect(await size(card.getByRole('heading'))).toBeGreaterThanOrEqual(22);
    expect(await size(card.getByText(/^\$[\d,]+\.\d\d$/).first())).toBeGreaterThanOrEqual(26);
  });
});
