/**
 * Moving between pages, now that each page's code arrives when it is needed: titles, focus,
 * scroll on new pages and on Back, and a page whose code cannot be downloaded.
 */
import { expect, test } from '../support/fixtures';
import { cardTitle, productById } from '../support/catalogue';
import { cards, main, VIEWPORTS } from '../support/ui';

test.describe('moving between pages', () => {
  test('each page names itself in the title bar', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Welcome · Kiosk Shop');
    await page.getByRole('link', { name: 'Start Shoping' }).click();
    await expect(page).toHaveTitle('Products · Kiosk Shop');
    await page.goto('/cart');
    await expect(page).toHaveTitle(/· Kiosk Shop$/);
    await expect(page).not.toHaveTitle('Products · Kiosk Shop');
  });

  test('focus lands on the new page’s heading, for screen readers', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Shoping' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Products' })).toBeFocused();
  });

  test('a new page starts at the top; Back returns to where the shopper was', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/products');
    const last = cards(page).last();
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);

    await last.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: 'scroll restored on Back' })
      .toBeGreaterThan(scrolled - 50);
  });
});

test.describe('a page whose code cannot be downloaded', () => {
  // The service worker would answer from its cache; this is the shopper without one.
  test.use({ serviceWorkers: 'block' });

  test('says so, keeps the header and the cart, and Try again loads it', async ({ page }) => {
    const product = productById(1);
    let offline = true;
    await page.route('**/assets/products-page-*.js', (route) =>
      offline ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Shoping' }).click();

    await expect(page.getByRole('alert')).toHaveText('Error: This page could not be loaded');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, / })).toBeVisible();

    offline = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { name: cardTitle(product) })).toBeVisible();
  });

  test('a page already visited still opens when the connection drops', async ({ page }) => {
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(6);
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('link', { name: 'Start Shoping' }).click();
    await expect(cards(page)).toHaveCount(6);
  });
});
