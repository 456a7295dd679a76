/**
 * Moving between pages, now that each page's code arrives when it is needed: titles, focus,
 * scroll on new pages and on Back, and a page whose code cannot be downloaded.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { appCardsShown } from '../support/held-app';
import { cardTitle, demoCatalogue, PAGE_SIZE, productById } from '../support/catalogue';
import {
  cards,
  categoryButton,
  expectPage,
  main,
  pagination,
  searchBox,
  VIEWPORTS,
} from '../support/ui';

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
    // A phone's first grid shows its first card first and the rest after that paint: the
    // shopper scrolls to the last card once it is there.
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    // The cards painted before the app runs are then the app's own (a frame for its top row,
    // the next for the rest): the shopper's scroll is in the app's page.
    await appCardsShown(page, PAGE_SIZE);
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

test.describe('the catalogue’s address', () => {
  const pages = Math.ceil(demoCatalogue().length / PAGE_SIZE);

  test('holds the page, category and search: Back, Forward and a reload keep them', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const next = pagination(page).getByRole('button', { name: 'Next' });
    await next.click();
    await expectPage(page, 2, pages);
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await next.click();
    await expectPage(page, 3, pages);
    await expect(page).toHaveURL(/\/products\?page=3$/);

    await page.goBack();
    await expectPage(page, 2, pages);
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await page.goForward();
    await expectPage(page, 3, pages);
    await page.reload();
    await expectPage(page, 3, pages);

    await categoryButton(page, 'Jewelery').click();
    await expect(page).toHaveURL(/\/products\?category=jewelery$/);
    await searchBox(page).fill('ring');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/products\?q=ring&category=jewelery$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?category=jewelery$/);
    await expect(categoryButton(page, 'Jewelery')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a new page of results starts at the catalogue’s heading', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await expectPage(page, 2, pages);
    const heading = main(page).getByRole('heading', { level: 1, name: 'Products' });
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(/\?page=2$/);
    // The address arriving after the grid must not move the shopper again.
    await expect(heading).toBeInViewport();
    await expect(cards(page).first()).toBeInViewport();
  });

  test('the new page shows where the shopper tapped, then the page glides up to it', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.laptop);
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const next = pagination(page).getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    const tappedAt = await page.evaluate(() => window.scrollY);
    expect(tappedAt).toBeGreaterThan(200);

    const shown = whenTheGridChanges(page);
    await next.click();
    // The glide waits for the new cards' first paint, so they show a frame sooner.
    expect((await shown).scrollY).toBe(tappedAt);
    const heading = main(page).getByRole('heading', { level: 1, name: 'Products' });
    await expect(heading).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(tappedAt);
    await expect(cards(page).first()).toBeInViewport();
  });

  test('with reduced motion it jumps to the heading with the new cards, not after', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(VIEWPORTS.laptop);
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const next = pagination(page).getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();

    const shown = whenTheGridChanges(page);
    await next.click();
    const { headingTop } = await shown;
    expect(headingTop).toBeGreaterThanOrEqual(0);
    expect(headingTop).toBeLessThan(VIEWPORTS.laptop.height / 2);
  });
});

/**
 * How far the page is scrolled, and where the catalogue's heading is, at the moment the grid
 * shows other cards (before that change is painted). Call before the input that changes it.
 */
function whenTheGridChanges(page: Page): Promise<{ scrollY: number; headingTop: number }> {
  return page.evaluate(
    () =>
      new Promise<{ scrollY: number; headingTop: number }>((resolve) => {
        const titles = (): string =>
          Array.from(document.querySelectorAll('main article h2'), (h) => h.textContent).join('|');
        const before = titles();
        const observer = new MutationObserver(() => {
          if (titles() === before) return;
          observer.disconnect();
          const heading = document.querySelector('main h1');
          resolve({
            scrollY: window.scrollY,
            headingTop: heading?.getBoundingClientRect().top ?? Number.NaN,
          });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
  );
}

test.describe('a page whose code cannot be downloaded', () => {
  // The service worker would answer from its cache; this is the shopper without one.
  test.use({ serviceWorkers: 'block' });

  test('says so, keeps the header and the cart, and Try again loads it', async ({ page }) => {
    const product = productById(1);
    let offline = true;
    await page.route('**/assets/shop-pages-*.js', (route) =>
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
