/**
 * Speech for a blind shopper: the kiosk renderer from disk, from the attract
 * screen to the receipt by keys alone, with a recorder in place of speechSynthesis.speak.
 * The transcript must hold the mode's first words, a product's title and price before its
 * button, 'Added' and the cart's total, and the receipt's id; and nothing before a key asked.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  accessibilityButton,
  assertKioskBuilt,
  attractScreen,
  idlePrompt,
  openKiosk,
  pageNow,
  runSeconds,
  runUntil,
  runUntilIdlePrompt,
} from '../support/kiosk';
import { recordSpeech, spoken, transcript } from '../support/speech';
import { cards, header, main, VIEWPORTS } from '../support/ui';

test.beforeAll(assertKioskBuilt);

const speechSwitch = (page: Page) => page.getByRole('button', { name: 'Speech', exact: true });

const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluate((element) => element === document.activeElement);

/** Presses `key` until `target` has the focus. */
async function arrowTo(page: Page, target: Locator, key: string, max = 40): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} ×${max} never reached ${target.toString()}`);
}

/**
 * Lets the page's (fake) clock run through the announcer's and the cart's settle times, a
 * tenth of a second at a time so the page renders between timers as it would in real time.
 */
async function settle(page: Page): Promise<void> {
  for (let step = 0; step < 15; step += 1) {
    await page.clock.runFor(100);
    await page.waitForTimeout(15);
  }
}

const heard = (page: Page, text: string) =>
  expect.poll(() => transcript(page), { message: `never said: ${text}` }).toContain(text);

test('attract screen to receipt by keys alone, every step spoken', async ({
  page,
  consoleErrors,
  servedCatalogue,
}) => {
  test.setTimeout(120_000);
  await recordSpeech(page);
  await page.clock.install();
  await openKiosk(page);
  // A wiped session: the attract screen waits for the next shopper.
  await runUntilIdlePrompt(page);
  await expect(idlePrompt(page)).toBeVisible();
  await runSeconds(page, 16);
  await expect(attractScreen(page)).toBeFocused();
  // Idle time, a prompt and a wipe: the kiosk never spoke, since nobody asked.
  expect(await spoken(page)).toEqual([]);

  // The first key turns speech on, and still does its work: the shop wakes.
  await page.keyboard.press('Enter');
  await expect(attractScreen(page)).toHaveCount(0);
  await expect(speechSwitch(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await spoken(page))[0] ?? '').toMatch(/^Speech is on\./);
  await heard(page, 'To turn speech off');
  const first = await transcript(page);
  for (const keys of [
    'Tab or the arrow keys',
    'Enter or Space',
    'Escape',
    'R or F1',
    'plus or minus',
    'To turn speech off',
  ]) {
    expect(first).toContain(keys);
  }

  // To the catalogue: its heading and what it holds.
  await arrowTo(page, page.getByRole('link', { name: 'Start Shoping' }), 'ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeFocused();
  const pages = Math.ceil(servedCatalogue.length / 6);
  await heard(page, `Products, page 1 of ${pages}, 6 products.`);

  // The first card: its title and price are said before its button.
  const card = cards(page).first();
  const title = (await card.getByRole('heading').getByRole('link').getAttribute('title')) ?? '';
  // The price as the card shows it: a system voice says it as money.
  const price =
    (await card
      .getByText(/^\$[\d,]+\.\d\d$/)
      .first()
      .textContent()) ?? '';
  const addToCart = card.getByRole('button', { name: 'Add to Cart' });
  await arrowTo(page, addToCart, 'ArrowDown');
  await heard(page, 'Add to Cart, button');
  const beforeAdding = await transcript(page);
  const cardWords = beforeAdding.lastIndexOf(`${title}, ${price}.`);
  expect(cardWords, `"${title}, ${price}." was never said`).toBeGreaterThanOrEqual(0);
  expect(beforeAdding.lastIndexOf('Add to Cart, button')).toBeGreaterThan(cardWords);

  // 'Added', then the cart's total with tax and savings.
  await page.keyboard.press('Enter');
  await settle(page);
  await heard(page, `Added ${title} to the cart.`);
  const cartNews = /Cart: 1 item, total \$[\d,]+\.\d\d including tax, you save \$[\d,]+\.\d\d/;
  await expect.poll(() => transcript(page)).toMatch(cartNews);
  const afterAdding = await transcript(page);
  expect(afterAdding.search(cartNews)).toBeGreaterThan(afterAdding.indexOf(`Added ${title}`));

  // To the cart by the header's cart link: the summary is spoken, with the same total.
  await arrowTo(page, header(page).getByRole('link', { name: /^Cart, / }), 'ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeFocused();
  const totalRow = page.getByRole('region', { name: 'Order summary' }).locator('dd').last();
  const total = ((await totalRow.textContent()) ?? '').trim();
  await heard(page, 'Shopping Cart, 1 product.');
  await heard(page, `Total ${total}.`);
  await heard(page, `total ${total} including tax`);

  // To checkout: the order before it is confirmed.
  await arrowTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }), 'ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
  await heard(page, `Checkout. Your order: ${title} quantity 1 ${price}.`);

  // Confirmed: the receipt's id, its items and what was paid.
  await arrowTo(page, page.getByRole('button', { name: 'Confirm Purchase !' }), 'ArrowDown');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
  ).toBeFocused();
  const receipt = page.getByRole('region', { name: 'Your receipt' });
  const id = (await receipt.getByText(/^Receipt-\d{13}-\d{1,3}$/).textContent()) ?? '';
  await heard(page, `Your receipt is ${id}.`);
  await heard(page, `Items: 1 of ${title} ${price}.`);
  await heard(page, `Paid ${total}.`);
  // The kiosk's receipt keeps its amounts (the web build's does not).
  await expect(receipt.getByText('Paid')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the Speech switch in the bar turns it on by touch, and off again', async ({ page }) => {
  await recordSpeech(page);
  await openKiosk(page);
  await expect(speechSwitch(page)).toHaveAttribute('aria-pressed', 'false');
  await main(page).getByRole('link', { name: 'Start Shoping' }).click();
  await expect(cards(page)).toHaveCount(6);
  expect(await spoken(page)).toEqual([]);
  await speechSwitch(page).click();
  await expect(speechSwitch(page)).toHaveAttribute('aria-pressed', 'true');
  await heard(page, 'Speech is on.');
  await heard(page, 'Products, page 1 of');
  await speechSwitch(page).click();
  await expect(speechSwitch(page)).toHaveAttribute('aria-pressed', 'false');
  await heard(page, 'Speech off.');
});

test('with speech on the idle prompt waits three times longer, is spoken, and any key answers it', async ({
  page,
}) => {
  await recordSpeech(page);
  await page.clock.install();
  await openKiosk(page);
  // The kiosk's behaviours are a chunk of their own: a key before they listen is lost.
  await expect(speechSwitch(page)).toBeVisible();
  await main(page).getByRole('heading', { level: 1 }).focus();
  await page.keyboard.press('ArrowDown');
  await heard(page, 'Speech is on.');
  const since = await pageNow(page);
  await runUntil(page, since, 91_000);
  await expect(idlePrompt(page)).toHaveCount(0);
  await runUntil(page, since, 270_500);
  await expect(idlePrompt(page)).toBeVisible();
  await heard(page, 'Are you still there?');
  await heard(page, 'emptied in 45 seconds. Press any key to keep shopping.');
  await runSeconds(page, 15);
  await heard(page, '30 seconds left.');
  await page.keyboard.press('ArrowDown');
  await expect(idlePrompt(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
});

test.describe('screenshots of the bar with the Speech switch', () => {
  for (const [name, viewport] of [
    ['portrait', VIEWPORTS.kioskPortrait],
    ['phone', VIEWPORTS.phone],
  ] as const) {
    test(`${name} ${viewport.width}x${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await recordSpeech(page);
      await openKiosk(page);
      await speechSwitch(page).click();
      await expect(speechSwitch(page)).toHaveAttribute('aria-pressed', 'true');
      // Both switches of the bar are touch targets of 44 px at least, side by side, and stay
      // on screen when accessibility mode enlarges the page's type by half.
      for (const a11y of [false, true]) {
        if (a11y) {
          await accessibilityButton(page).click();
          await expect(accessibilityButton(page)).toHaveAttribute('aria-pressed', 'true');
        }
        for (const button of [speechSwitch(page), accessibilityButton(page)]) {
          const box = (await button.boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.width).toBeGreaterThanOrEqual(44);
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
      }
      await page.screenshot({
        path: `test-results/screenshots/kiosk-speech-bar-${viewport.width}x${viewport.height}.png`,
      });
    });
  }
});
