/**
 * The products page's early cards (src/features/catalogue/early-cards/): on a first visit's
 * /products, the catalogue's first cards are painted from its one answer before the app's
 * code runs, exactly as the app then shows them; the app takes the answer instead of calling
 * again, and a tap on a painted 'Add to Cart' is kept and made once the app is there.
 */
import type { Page } from '@playwright/test';
import { expect, served, test } from '../support/fixtures';
import { appCardsShown, holdTheApp } from '../support/held-app';
import { cartJson, seedStorage } from '../support/storage';
import { header, main } from '../support/ui';

/** Counts the page's calls of the catalogue's products list. */
function countCatalogueCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/products') calls += 1;
  });
  return () => calls;
}

const cards = (page: Page) => main(page).locator('article');

/** Each card as a shopper meets it: its text, its links, its image and its rating's name. */
const cardsAsShown = (page: Page) =>
  cards(page).evaluateAll((articles) =>
    articles.map((article) => ({
      text: (article as HTMLElement).innerText,
      links: [...article.querySelectorAll('a')].map((link) => link.getAttribute('href')),
      image: article.querySelector('img')?.getAttribute('src'),
      alt: article.querySelector('img')?.getAttribute('alt'),
      rating: article.querySelector('[data-rating]')?.getAttribute('aria-label'),
      stars: article.querySelectorAll('[data-rating] path').length,
    })),
  );

test.describe('the products page’s early cards', () => {
  // Held in the page's network: a service worker would answer the app's files itself.
  test.use({ serviceWorkers: 'block' });

  test('paints the first six cards from the one catalogue call, as the app then shows them', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const calls = countCatalogueCalls(page);
    const release = await holdTheApp(page);
    await page.goto('/products', { waitUntil: 'commit' });
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).first()).toContainText(
      served(servedCatalogue, servedCatalogue[0]?.id ?? 1).title.split(' ')[0] ?? '',
    );
    const painted = await cardsAsShown(page);
    // Only cards: no preload hint inside the list, which would fetch the lazy images early.
    await expect(main(page).locator('link')).toHaveCount(0);
    release();
    await appCardsShown(page);
    // The app's first grid shows its top row first, the rest a frame later.
    await expect.poll(() => cardsAsShown(page)).toEqual(painted);
    expect(calls(), 'one catalogue call, made by the early cards, taken by the app').toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  test('a tap on a painted Add to Cart waits visibly, then is made on the app’s card', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const release = await holdTheApp(page);
    await page.goto('/products', { waitUntil: 'commit' });
    const first = cards(page).first();
    const add = first.getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    await expect(header(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    release();
    await expect(first.getByRole('button', { name: 'Added' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    const product = servedCatalogue[0];
    if (!product) throw new Error('the served catalogue is empty');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('cart')))
      .toBe(cartJson([[product, 1]]));
    // 'Added' for 2 seconds, then the card's own label again (spec).
    await expect(first.getByRole('button', { name: 'Add to Cart' })).toBeVisible({
      timeout: 4000,
    });
    expect(consoleErrors).toEqual([]);
  });

  test('keyboard focus on a painted card stays on that control of the app’s card', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const product = servedCatalogue[4];
    if (!product) throw new Error('the served catalogue has fewer than five products');
    const release = await holdTheApp(page);
    await page.goto('/products', { waitUntil: 'commit' });
    const add = cards(page).nth(4).getByRole('button', { name: 'Add to Cart' });
    await add.focus();
    release();
    await appCardsShown(page);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          const reacts = focused
            ? Object.keys(focused).some((key) => key.startsWith('__reactProps$'))
            : false;
          const href = focused?.closest('article')?.querySelector('a')?.getAttribute('href');
          return `${focused?.tagName ?? ''} ${href ?? ''} ${reacts ? 'app' : 'painted'}`;
        }),
      )
      .toBe(`BUTTON /product/${product.id} app`);
    await page.keyboard.press('Enter');
    await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('focus on a painted top-row card moves with the app’s first row: Enter then is not lost', async ({
    page,
    consoleErrors,
  }) => {
    const release = await holdTheApp(page);
    await page.goto('/products', { waitUntil: 'commit' });
    await cards(page).first().getByRole('button', { name: 'Add to Cart' }).focus();
    release();
    // The app's first grid renders its top row first, the rest a frame or more later: the
    // key comes as soon as the first row is the app's.
    await appCardsShown(page);
    await page.keyboard.press('Enter');
    await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a failing catalogue paints nothing: the app shows its error, after one call', async ({
    page,
    consoleErrors,
  }) => {
    let calls = 0;
    await page.route('**/api/products', (route) => {
      calls += 1;
      return route.fulfill({ status: 500, body: 'down' });
    });
    const release = await holdTheApp(page);
    await page.goto('/products', { waitUntil: 'commit' });
    await expect(main(page).getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(cards(page)).toHaveCount(0);
    release();
    await expect(main(page).getByText('Error: Failed to fetch products')).toBeVisible();
    expect(calls).toBe(1);
    expect(consoleErrors.filter((error) => !error.includes('500'))).toEqual([]);
  });

  test('a search, a category or a page in the address: the app shows them, nothing painted first', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const jewel = servedCatalogue.filter((product) => product.category === 'jewelery');
    const release = await holdTheApp(page);
    await page.goto('/products?category=jewelery', { waitUntil: 'commit' });
    await expect(main(page).getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(cards(page)).toHaveCount(0);
    release();
    await expect(cards(page)).toHaveCount(Math.min(6, jewel.length));
    await expect(main(page).getByRole('button', { name: /jewel/i, pressed: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a returning visitor’s cached catalogue is painted at once, with no call, then the app’s', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const calls = countCatalogueCalls(page);
    await seedStorage(page, { cart: '[]', products: JSON.stringify(servedCatalogue) });
    const release = await holdTheApp(page);
    await page.goto('/products', { waitUntil: 'commit' });
    await expect(cards(page)).toHaveCount(6);
    const painted = await cardsAsShown(page);
    release();
    await appCardsShown(page);
    // The app's first grid shows its top row first, the rest a frame later.
    await expect.poll(() => cardsAsShown(page)).toEqual(painted);
    expect(calls(), 'a cached catalogue is not called again (spec §7)').toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('items in the cart: the page waits for the app, which shows the cached cards', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const product = served(servedCatalogue, 1);
    await seedStorage(page, {
      cart: cartJson([[product, 1]]),
      products: JSON.stringify(servedCatalogue),
    });
    const release = await holdTheApp(page);
    await page.goto('/products', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toBeHidden();
    release();
    await appCardsShown(page);
    await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
