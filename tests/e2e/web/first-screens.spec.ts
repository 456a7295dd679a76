/**
 * The first screens the web build writes as HTML (vite-plugins/first-screens.mts): every
 * route's (the landing and home, about, products and a product while the catalogue is on
 * its way, cart, checkout, not found) paints before any script has run, and React takes it
 * over (hydrateRoot) without a mismatch and without drawing it again. A visit the written
 * screen would not match (another language, items in the cart, a cached catalogue, another
 * route answered with the landing page's HTML) never sees it: the app renders as before,
 * and nothing written in English is painted meanwhile.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, served, test } from '../support/fixtures';
import { countReplacedScreens, holdTheApp, rootRemovals } from '../support/held-app';
import { message, TRANSLATED, type Language } from '../support/messages';
import { cartJson, seedStorage } from '../support/storage';
import { expectShownIn, header, main } from '../support/ui';

const heading = (page: Page, language: Language, id: string) =>
  main(page).getByRole('heading', { level: 1, name: message(language, id), exact: true });

/**
 * Each written screen: what says it is there before the app runs (`written`), and once the
 * app has it (`shown`: the product page then shows the product, served by the test's
 * catalogue as product 1 titled `title`).
 */
const SCREENS: readonly {
  path: string;
  written: (page: Page) => Locator;
  shown: (page: Page, language: Language, title: string) => Locator;
}[] = [
  ...(
    [
      ['/', 'home.headline'],
      ['/home', 'home.headline'],
      ['/about', 'about.title'],
      ['/products', 'catalogue.heading'],
      ['/cart', 'cart.empty'],
      ['/checkout', 'checkout.heading'],
      ['/no-such-page', 'notFound.heading'],
    ] as const
  ).map(([path, id]) => ({
    path,
    written: (page: Page) => heading(page, 'en', id),
    shown: (page: Page, language: Language) => heading(page, language, id),
  })),
  {
    path: '/product/1',
    // Loading as written, or already painted from its call by the early paint.
    written: (page: Page) =>
      main(page)
        .getByRole('status')
        .filter({ hasText: message('en', 'catalogue.loadingProduct') })
        .or(main(page).getByRole('heading', { level: 1 })),
    shown: (page: Page, _language: Language, title: string) =>
      main(page).getByRole('heading', { level: 1, name: title, exact: true }),
  },
];

/**
 * The app is running: the header's link to the products page opens it without a page load.
 * Before React has taken the link over (its props on the element), a click on it is a plain
 * link's: the page loads anew.
 */
async function expectTheAppRunning(page: Page, language: Language): Promise<void> {
  await page.waitForFunction(() => {
    const link = document.querySelector('header nav a[href="/products"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps$'));
  });
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  const nav = header(page).getByRole('navigation', { name: message(language, 'layout.mainNav') });
  await nav.getByRole('link', { name: message(language, 'layout.products'), exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  expect(
    await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
    'the link was followed by the app, not by a page load',
  ).toBe(true);
}

test.describe('first screens written as HTML', () => {
  // Held in the page's network: a service worker would answer the app's files itself.
  test.use({ serviceWorkers: 'block' });

  test('each paints with no script at all', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const screen of SCREENS) {
        const response = await page.goto(screen.path);
        expect(response?.status(), screen.path).toBe(200);
        await expect(screen.written(page), screen.path).toBeVisible();
        await expect(header(page).getByRole('link', { name: /^Cart, 0 items$/ })).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });

  for (const screen of SCREENS) {
    test(`${screen.path}: shown before the app runs, then taken over without a mismatch`, async ({
      page,
      servedCatalogue,
      consoleErrors,
    }) => {
      await countReplacedScreens(page);
      const release = await holdTheApp(page);
      await page.goto(screen.path, { waitUntil: 'commit' });
      await expect(screen.written(page)).toBeVisible();
      release();
      await expect(screen.shown(page, 'en', served(servedCatalogue, 1).title)).toBeVisible();
      if (screen.path === '/products') {
        await expect(
          main(page)
            .getByRole('button', { name: /Add to Cart/ })
            .first(),
        ).toBeVisible();
      }
      expect(await rootRemovals(page), 'the written screen was kept, not drawn again').toBe(0);
      await expectTheAppRunning(page, 'en');
      expect(consoleErrors, 'no hydration warning, no error').toEqual([]);
    });
  }

  for (const language of TRANSLATED) {
    test(`in ${language}: no English is painted, and every screen shows in ${language}`, async ({
      page,
      servedCatalogue,
      consoleErrors,
    }) => {
      await page.addInitScript((value) => {
        window.localStorage.setItem('shopLanguage', value);
      }, language);
      for (const screen of SCREENS) {
        const release = await holdTheApp(page);
        await page.goto(screen.path, { waitUntil: 'commit' });
        await expect(page.locator('#root'), `${screen.path} before the app`).toBeHidden();
        release();
        const shown = screen.shown(page, language, served(servedCatalogue, 1).title);
        await expect(shown, screen.path).toBeVisible();
        await expectShownIn(page, language, screen.path);
        await page.unrouteAll();
      }
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a cart with items: the empty cart written at build time is never shown', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    const product = served(servedCatalogue, 1);
    await seedStorage(page, { cart: cartJson([[product, 2]]) });
    for (const path of ['/cart', '/', '/checkout']) {
      const release = await holdTheApp(page);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.locator('#root'), `${path} before the app`).toBeHidden();
      release();
      await expect(header(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
      await page.unrouteAll();
    }
    await page.goto('/cart');
    await expect(main(page).getByRole('heading', { name: product.title })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a cached catalogue: the cart’s suggestions show at once, never the written page; a product is painted from its call', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    await seedStorage(page, { cart: '[]', products: JSON.stringify(servedCatalogue) });
    const suggestions = main(page).getByRole('heading', {
      name: message('en', 'cart.suggestions'),
    });
    let release = await holdTheApp(page);
    await page.goto('/cart', { waitUntil: 'commit' });
    await expect(page.locator('#root'), '/cart before the app').toBeHidden();
    release();
    await expect(suggestions).toBeVisible();
    await page.unrouteAll();
    // A product's page calls for its product whatever is cached (spec §7).
    const title = main(page).getByRole('heading', {
      level: 1,
      name: served(servedCatalogue, 1).title,
    });
    release = await holdTheApp(page);
    await page.goto('/product/1', { waitUntil: 'commit' });
    await expect(title, '/product/1 before the app').toBeVisible();
    release();
    await expect(main(page).getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(title).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a deep link answered with the landing page’s HTML never shows the landing page', async ({
    page,
    consoleErrors,
  }) => {
    // A host that answers every path with index.html, as the simplest single-page hosts do.
    const landing = await (await page.request.get('/')).text();
    for (const path of ['/products', '/product/1', '/home', '/no-such-page']) {
      await page.route(
        (url) => url.pathname === path,
        (route) => route.fulfill({ body: landing, contentType: 'text/html' }),
      );
      const release = await holdTheApp(page);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.locator('#root'), `${path} before the app`).toBeHidden();
      release();
      await expect(main(page).getByRole('heading', { level: 1 }), path).toBeVisible();
      await page.unrouteAll();
    }
    await expect(heading(page, 'en', 'notFound.heading')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
