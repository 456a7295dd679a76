/**
 * The kiosk renderer build opened from disk (out/renderer/index.html) without the preload
 * bridge: memory router starting at /, catalogue from the build-time URL
 * http://127.0.0.1:4173/api (E2E_PORT; served by the e2e web server).
 */
import { cardTitle, demoCatalogue } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt, KIOSK_URL, openKiosk } from '../support/kiosk';
import { isCatalogueList, SERVER_ORIGIN, trackRequests } from '../support/network';
import { readStored } from '../support/storage';
import { card, cartLine, cartLink, cards, expectCartCount, header } from '../support/ui';

test.beforeAll(assertKioskBuilt);

test.describe('kiosk renderer from file://', () => {
  test('loads from disk and shows the home page without a bridge', async ({
    page,
    consoleErrors,
  }) => {
    await openKiosk(page);
    expect(page.url()).toBe(KIOSK_URL);
    expect(await page.evaluate(() => 'kiosk' in window)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a full purchase by clicking: products → product → cart → checkout → confirm', async ({
    page,
    consoleErrors,
  }) => {
    const product = demoCatalogue()[0]!;
    const catalogueRequests = trackRequests(page, (r) => isCatalogueList(new URL(r.url())));
    await openKiosk(page);

    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(cards(page)).toHaveCount(6);
    expect(catalogueRequests.map((r) => r.url())).toEqual([`${SERVER_ORIGIN}/api/products`]);
    expect(page.url(), 'memory router leaves the URL alone').toBe(KIOSK_URL);

    await card(page, product)
      .getByRole('link', { name: cardTitle(product), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expectCartCount(page, 1);
    await page.getByRole('link', { name: 'Buy it now', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(cartLine(page, product)).toBeVisible();

    await page.getByRole('link', { name: 'Proceed to Checkout', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm Purchase !', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
    ).toBeVisible();
    await expect(page.getByText(/Receipt-\d{13}-\d{1,3}/)).toBeVisible();
    await expectCartCount(page, 0);
    expect(page.url()).toBe(KIOSK_URL);
    expect(consoleErrors).toEqual([]);
  });

  test('the cart persists across a reload (which starts again at home)', async ({ page }) => {
    const product = demoCatalogue()[2]!;
    await openKiosk(page);
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await card(page, product).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 1);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
    await expectCartCount(page, 1);
    expect(await readStored(page, 'cart')).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 1 }),
    ]);
    await cartLink(page).click();
    await expect(cartLine(page, product)).toBeVisible();
  });

  test('Start Shoping and the footer links navigate with the memory router', async ({ page }) => {
    await openKiosk(page);
    await page.getByRole('link', { name: 'Start Shoping' }).click();
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await page.getByRole('link', { name: 'Kiosk Shop' }).click();
    await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
    expect(page.url()).toBe(KIOSK_URL);
  });
});
