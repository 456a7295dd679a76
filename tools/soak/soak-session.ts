/**
 * One shopper's session on the kiosk renderer, as the soak repeats it: wake the attract
 * screen, browse, search, page and change category, add items and change quantities, try a
 * voucher, check out, get and print the receipt, then walk away until the idle wipe. Roles
 * and visible texts only (the spec's), so it drives what a shopper sees.
 */
import type { Page } from '@playwright/test';

const SEARCHES = ['shirt', 'ring', 'laptop', 'dress', 'silver', 'cotton'];
const CATEGORIES = ["Women's clothing", "Men's clothing", 'Jewelery', 'Electronics'];
/** Every other shopper has a valid code; the rest try one that is silently ignored (spec §5). */
const VOUCHERS = ['SHOPMAX', 'SHOPMAKS'];
/** The kiosk's defaults with no bridge: 90 s without a touch, then a 15 s countdown. */
export const IDLE_MS = 90_000;
export const COUNTDOWN_SECONDS = 15;

export const attractScreen = (page: Page) => page.getByRole('button', { name: /^Touch to start/ });

const categoryButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Categories' }).getByRole('button', { name, exact: true });

/**
 * Types into a field and submits it with its button, by touch. Not with a hardware Enter:
 * a soak shopper is a sighted one, and a real key would turn the kiosk's speech on (issue
 * 23), which makes the idle time three times as long.
 */
async function submitText(page: Page, placeholderOrLabel: 'search' | 'voucher', text: string) {
  const search = placeholderOrLabel === 'search';
  const field = search
    ? page.getByPlaceholder('Search Mockups, Logos...')
    : page.getByLabel('Do you have a voucher or gift card?');
  await field.fill(text);
  await page.getByRole('button', { name: search ? 'Search' : 'Apply Code', exact: true }).click();
}

async function browse(page: Page, session: number): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Products', exact: true }).click();
  const main = page.getByRole('main');
  await main.getByRole('article').first().waitFor();
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: 'Next' })
    .click();
  const add = main.getByRole('button', { name: 'Add to Cart' });
  await add.nth(session % 3).click();
  await add.nth(3 + (session % 3)).click();
  await categoryButton(page, CATEGORIES[session % CATEGORIES.length] ?? 'Jewelery').click();
  await submitText(page, 'search', SEARCHES[session % SEARCHES.length] ?? 'shirt');
  await main.getByRole('article').first().waitFor();
}

async function cartAndCheckout(page: Page, session: number): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Cart, / })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
  const increase = page.getByRole('button', { name: 'Increase quantity' });
  await increase.first().click();
  await increase.last().click();
  await page.getByRole('button', { name: 'Decrease quantity' }).first().click();
  await submitText(page, 'voucher', VOUCHERS[session % VOUCHERS.length] ?? 'SHOPMAX');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
  await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor();
  const print = page.getByRole('button', { name: 'Print receipt' });
  await print.click();
  await print.waitFor();
}

/**
 * Nobody touches the screen: the page's fake clock runs to the idle prompt, then second
 * by second through its countdown (React renders each second's tick before the next is
 * scheduled), until the wipe shows the attract screen.
 */
async function walkAway(page: Page): Promise<void> {
  await page.clock.runFor(IDLE_MS + 500);
  await page.getByRole('dialog', { name: 'Are you still there?' }).waitFor();
  for (let second = 0; second <= COUNTDOWN_SECONDS; second += 1) {
    await page.clock.runFor(1000);
    await page.waitForTimeout(5);
  }
  await attractScreen(page).waitFor();
  // Between shoppers the kiosk may refresh its catalogue; give that real time to answer.
  await page.waitForTimeout(30);
}

export async function shopperSession(page: Page, session: number): Promise<void> {
  const attract = attractScreen(page);
  if (await attract.isVisible()) await attract.click();
  await browse(page, session);
  await cartAndCheckout(page, session);
  await walkAway(page);
}
