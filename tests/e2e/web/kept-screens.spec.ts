/**
 * A returning visitor's kept screens (src/app/first-screens/kept-screen-key.ts): a visit the
 * build's written screens do not suit (another language, items in the cart), and the
 * products page of any visit with a cached catalogue (its cards kept), has its pages
 * kept by the service worker, which answers each address with its page as last rendered
 * there, in the visit's language and with its cart, before the app's code has run; React
 * takes it over without a mismatch. A kept page that is no longer the visit's is never
 * painted, the worker keeps nothing that could run, and a page React could not take over is
 * dropped. The network is switched off for the returning loads, so the worker's answer is
 * the one the page gets (online it races the network, which may answer first).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, served, test } from '../support/fixtures';
import { countReplacedScreens, holdTheApp, rootRemovals } from '../support/held-app';
import type { Product } from '../support/catalogue';
import { message, TRANSLATED, type Language } from '../support/messages';
import { cartJson } from '../support/storage';
import { expectShownIn, header, main } from '../support/ui';

/** Every route of the route table, and the heading its page shows as kept. */
const SCREENS: readonly { path: string; heading: string }[] = [
  { path: '/', heading: 'home.headline' },
  { path: '/home', heading: 'home.headline' },
  { path: '/about', heading: 'about.title' },
  { path: '/products', heading: 'catalogue.heading' },
  { path: '/cart', heading: 'cart.heading' },
  { path: '/checkout', heading: 'checkout.heading' },
  { path: '/product/1', heading: 'catalogue.loadingProduct' },
  { path: '/no-such-page', heading: 'notFound.heading' },
];

/** The addresses the worker keeps a screen for. */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((cache) => cache.startsWith('shop-kept-'));
    if (!name) return [];
    const keys = await (await caches.open(name)).keys();
    return keys
      .map((request) => new URL(request.url))
      .filter((url) => !url.pathname.startsWith('/.'))
      .map((url) => url.pathname + url.search);
  });
}

/** The page the worker answers `path` with, as it holds it. */
function keptPage(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async (wanted) => {
    const name = (await caches.keys()).find((cache) => cache.startsWith('shop-kept-'));
    const kept = name ? await (await caches.open(name)).match(wanted) : undefined;
    return kept ? kept.text() : null;
  }, path);
}

async function controlledBy(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 20_000,
    })
    .toBe(true);
}

/**
 * A first visit, then the visit's language and cart as the shopper left them, and the
 * catalogue cached, as a returning visitor's storage is: the screens kept until then (each
 * keyed by storage that has since changed) are dropped.
 */
async function visitWith(page: Page, language: Language, cart: string | null): Promise<void> {
  await page.goto('/');
  await controlledBy(page);
  await page.evaluate(
    ([lang, lines]) => {
      window.localStorage.setItem('shopLanguage', lang);
      if (lines !== null) window.localStorage.setItem('cart', lines);
    },
    [language, cart] as const,
  );
  await page.goto('/products');
  await expect(main(page).getByRole('article').first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('products')))
    .not.toBeNull();
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('shop-kept-')) await caches.delete(name);
    }
  });
}

/** Opens each address online and waits until the worker keeps its screen. */
async function keepEach(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await expect(main(page)).toBeVisible();
    await expect.poll(() => keptPaths(page), { timeout: 15_000 }).toContain(path);
  }
}

/** The visit's storage, every key. */
const storageOf = (page: Page) =>
  page.evaluate(() => {
    const values: Record<string, string> = {};
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key !== null) values[key] = window.localStorage.getItem(key) ?? '';
    }
    return values;
  });

/**
 * The page the worker keeps for `path`, opened with the visit's storage in a browser
 * without the worker (which would answer the app's entry itself), the app's entry held
 * until `release` is called.
 */
async function keptPageHeld(
  page: Page,
  browser: Browser,
  path: string,
): Promise<{ held: Page; release: () => void; context: BrowserContext }> {
  await keepEach(page, [path]);
  const kept = (await keptPage(page, path)) ?? '';
  const storage = await storageOf(page);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const held = await context.newPage();
  await held.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
  }, storage);
  await held.route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ body: kept, contentType: 'text/html' }),
  );
  const release = await holdTheApp(held);
  await held.goto(path, { waitUntil: 'commit' });
  return { held, release, context };
}

const keptMark = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.keptScreen ?? null);

/** The root's first heading in an HTML page (or, on a page still loading, its status), as text. */
const headingIn = (page: Page, html: string) =>
  page.evaluate((text) => {
    const parsed = new DOMParser().parseFromString(text, 'text/html');
    const heading =
      parsed.querySelector('#root main h1') ?? parsed.querySelector('#root main [role=status]');
    return heading?.textContent.trim() ?? null;
  }, html);

/** The 'Add to Cart' of each card in an HTML page's root, as text. */
const cardsIn = (page: Page, html: string) =>
  page.evaluate((text) => {
    const parsed = new DOMParser().parseFromString(text, 'text/html');
    return [...parsed.querySelectorAll('#root main article')].map(
      (card) => card.querySelector('button')?.textContent.trim() ?? '',
    );
  }, html);

/** React has the page: its props are on the header's links. */
async function expectTheAppRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const link = document.querySelector('header nav a[href="/products"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps$'));
  });
}

/** Errors other than the network's being off. */
const unexpected = (errors: readonly string[]) =>
  errors.filter(
    (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(error),
  );

const offline = (context: BrowserContext) => context.setOffline(true);

test.describe('a returning visitor’s kept screens', () => {
  test.describe.configure({ timeout: 180_000 });

  const VISITS: readonly { language: Language; items: number }[] = [
    ...TRANSLATED.map((language) => ({ language, items: 2 })),
    { language: 'en', items: 3 },
  ];

  for (const { language, items } of VISITS) {
    test(`in ${language} with ${items} items: every route is answered as kept, painted before the app and taken over without a mismatch`, async ({
      page,
      context,
      servedCatalogue,
      consoleErrors,
    }) => {
      const product = served(servedCatalogue, 1);
      await visitWith(page, language, cartJson([[product, items]]));
      await keepEach(
        page,
        SCREENS.map((screen) => screen.path),
      );
      await countReplacedScreens(page);
      await offline(context);
      const cartName = message(language, 'layout.cart', { count: items });
      for (const screen of SCREENS) {
        const response = await page.goto(screen.path);
        const html = (await response?.text()) ?? '';
        // The page as answered, before any script: the kept screen in the visit's language.
        expect(html, screen.path).toContain('<meta name="shop-kept-screen"');
        expect(await headingIn(page, html), screen.path).toBe(message(language, screen.heading));
        if (screen.path === '/products') {
          // The cached catalogue's first page, its cards in the page as answered.
          expect(await cardsIn(page, html)).toEqual(
            Array.from({ length: 6 }, () => message(language, 'catalogue.addToCart')),
          );
        }
        await expectTheAppRunning(page);
        expect(await keptMark(page), screen.path).toBe('shown');
        await expectShownIn(page, language, screen.path);
        await expect(header(page).getByRole('link', { name: cartName })).toBeVisible();
        expect(await rootRemovals(page), `${screen.path}: taken over, not drawn again`).toBe(0);
      }
      expect(unexpected(consoleErrors), 'no hydration warning, no error').toEqual([]);
    });
  }

  test('an English visit with an empty cart: the products page is kept with its cards, a page the written screen does is not', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await visitWith(page, 'en', null);
    await keepEach(page, ['/products']);
    await page.goto('/about');
    await page.waitForTimeout(4000);
    expect(await keptPaths(page)).toEqual(['/products']);
    await countReplacedScreens(page);
    await offline(context);
    const response = await page.goto('/products');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<meta name="shop-kept-screen"');
    expect(await cardsIn(page, html)).toEqual(Array.from({ length: 6 }, () => 'Add to Cart'));
    await expectTheAppRunning(page);
    expect(await keptMark(page)).toBe('shown');
    await expect(main(page).getByRole('article')).toHaveCount(6);
    expect(await rootRemovals(page), 'taken over, not drawn again').toBe(0);
    expect(unexpected(consoleErrors), 'no hydration warning, no error').toEqual([]);
    // Another page of the catalogue has its own kept page, with its own cards.
    await context.setOffline(false);
    await keepEach(page, ['/products?page=2']);
    await offline(context);
    const second = (await (await page.goto('/products?page=2'))?.text()) ?? '';
    expect(second).toContain('<meta name="shop-kept-screen"');
    expect((await cardsIn(page, second)).length).toBeGreaterThan(0);
    await expectTheAppRunning(page);
    expect(await keptMark(page)).toBe('shown');
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test('a visit the written screens suit keeps nothing, and going back to one forgets what was kept', async ({
    page,
  }) => {
    await page.goto('/');
    await controlledBy(page);
    await page.goto('/about');
    await page.goto('/cart');
    await page.waitForTimeout(4000);
    expect(await keptPaths(page)).toEqual([]);
    await page.evaluate(() => window.localStorage.setItem('shopLanguage', 'de'));
    await keepEach(page, ['/about']);
    await page.evaluate(() => window.localStorage.setItem('shopLanguage', 'en'));
    await page.goto('/about');
    await expect.poll(() => keptPaths(page), { timeout: 15_000 }).toEqual([]);
  });

  test('a kept screen that is no longer the visit’s is never painted: the app renders the visit as it is', async ({
    page,
    context,
    servedCatalogue,
    consoleErrors,
  }) => {
    const product: Product = served(servedCatalogue, 1);
    await visitWith(page, 'es', cartJson([[product, 1]]));
    await keepEach(page, ['/cart']);
    // The cart changed since (another tab, say) before this load's scripts run.
    await page.addInitScript(
      (lines) => {
        window.localStorage.setItem('cart', lines);
      },
      cartJson([[product, 3]]),
    );
    await offline(context);
    const response = await page.goto('/cart');
    expect(await response?.text()).toContain('<meta name="shop-kept-screen"');
    await expect(
      header(page).getByRole('link', { name: message('es', 'layout.cart', { count: 3 }) }),
    ).toBeVisible();
    expect(await keptMark(page)).toBe('refused');
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test('the worker keeps nothing that could run, load or lead elsewhere', async ({ page }) => {
    await visitWith(page, 'fr', null);
    await keepEach(page, ['/about']);
    const kept = await keptPage(page, '/about');
    const key = /content="(k1\.[^"]+)"/.exec(kept ?? '')?.[1];
    expect(key).toBeDefined();
    const tampered = [
      { path: '/cart', html: '<main><h1>Panier</h1><script>window.ran=1</script></main>' },
      { path: '/cart', html: '<main><h1 onclick="window.ran=1">Panier</h1></main>' },
      { path: '/cart', html: '<main><a href="javascript:window.ran=1">Panier</a></main>' },
      { path: '/cart', html: '<main><iframe src="/"></iframe></main>' },
      { path: '//evil.example/cart', html: '<main><h1>Panier</h1></main>' },
    ];
    await page.evaluate(
      ([screens, keyOf]) => {
        for (const { path, html } of screens) {
          navigator.serviceWorker.controller?.postMessage({
            type: 'keep-screen',
            screen: { path, key: keyOf, html, lang: 'fr', dir: 'ltr', styles: [] },
          });
        }
        navigator.serviceWorker.controller?.postMessage({
          type: 'keep-screen',
          screen: {
            path: '/checkout',
            key: keyOf,
            html: '<main><h1>Paiement</h1></main>',
            lang: 'fr',
            dir: 'ltr',
            styles: ['/assets/not-of-this-build.css'],
          },
        });
      },
      [tampered, key] as const,
    );
    // A plain screen sent after them is kept: the worker has read them all by then.
    await page.evaluate((keyOf) => {
      navigator.serviceWorker.controller?.postMessage({
        type: 'keep-screen',
        screen: {
          path: '/home',
          key: keyOf,
          html: '<main><h1>Accueil</h1></main>',
          lang: 'fr',
          dir: 'ltr',
          styles: [],
        },
      });
    }, key);
    await expect.poll(() => keptPaths(page)).toContain('/home');
    const paths = await keptPaths(page);
    expect(paths).not.toContain('/cart');
    expect(paths).not.toContain('/checkout');
    expect(paths.some((path) => path.includes('evil'))).toBe(false);
  });

  test('a kept screen React could not take over is shown by the app, dropped, and never kept again so', async ({
    page,
    context,
  }) => {
    await visitWith(page, 'de', null);
    await keepEach(page, ['/about']);
    const kept = (await keptPage(page, '/about')) ?? '';
    const key = /content="(k1\.[^"]+)"/.exec(kept)?.[1];
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(kept)?.[1] ?? '';
    const title = message('de', 'about.title');
    expect(root).toContain(title);
    // The same key, but markup the app would not render for it.
    const wrong = root.replace(`>${title}<`, '>Nicht so<');
    await page.evaluate(
      ([keyOf, html]) => {
        navigator.serviceWorker.controller?.postMessage({
          type: 'keep-screen',
          screen: { path: '/about', key: keyOf, html, lang: 'de', dir: 'ltr', styles: [] },
        });
      },
      [key, wrong] as const,
    );
    await expect.poll(async () => (await keptPage(page, '/about')) ?? '').toContain('Nicht so');
    await offline(context);
    await page.goto('/about');
    await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.poll(() => keptMark(page)).toBe('redrawn');
    await expect.poll(() => keptPaths(page), { timeout: 15_000 }).not.toContain('/about');
    // Sent again, the refused screen is not kept.
    await page.evaluate(
      ([keyOf, html]) => {
        navigator.serviceWorker.controller?.postMessage({
          type: 'keep-screen',
          screen: { path: '/about', key: keyOf, html, lang: 'de', dir: 'ltr', styles: [] },
        });
        navigator.serviceWorker.controller?.postMessage({
          type: 'keep-screen',
          screen: {
            path: '/home',
            key: keyOf,
            html: '<main><h1>Start</h1></main>',
            lang: 'de',
            dir: 'ltr',
            styles: [],
          },
        });
      },
      [key, wrong] as const,
    );
    await expect.poll(() => keptPaths(page)).toContain('/home');
    expect(await keptPaths(page)).not.toContain('/about');
  });

  test('a tap on a kept page’s button before the app runs is made once the app has it', async ({
    page,
    browser,
    servedCatalogue,
  }) => {
    await visitWith(page, 'es', cartJson([[served(servedCatalogue, 1), 2]]));
    const { held, release, context } = await keptPageHeld(page, browser, '/cart');
    try {
      const cart = (count: number) =>
        header(held).getByRole('link', { name: message('es', 'layout.cart', { count }) });
      await expect(cart(2)).toBeVisible();
      await main(held)
        .getByRole('button', { name: message('es', 'cart.remove') })
        .click();
      await held.waitForTimeout(300);
      await expect(cart(2), 'held until the app has the page').toBeVisible();
      release();
      await expect(cart(0)).toBeVisible();
      await expect(
        main(held).getByRole('heading', { name: message('es', 'cart.empty') }),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a tap on a kept products page’s ‘Add to Cart’ before the app runs is made once the app has it', async ({
    page,
    browser,
  }) => {
    await visitWith(page, 'en', null);
    const { held, release, context } = await keptPageHeld(page, browser, '/products');
    try {
      const cart = (count: number) =>
        header(held).getByRole('link', { name: message('en', 'layout.cart', { count }) });
      const add = main(held).getByRole('button', { name: 'Add to Cart' }).first();
      await add.click();
      await held.waitForTimeout(300);
      await expect(cart(0), 'held until the app has the page').toBeVisible();
      expect(await keptMark(held)).toBe('shown');
      release();
      await expect(cart(1)).toBeVisible();
      await expect(main(held).getByRole('button', { name: 'Added' })).toHaveCount(1);
    } finally {
      await context.close();
    }
  });
});
