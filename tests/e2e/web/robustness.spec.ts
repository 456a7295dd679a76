/**
 * Robustness: corrupt storage, full storage, failing catalogue, hostile product data,
 * odd quantities, and a clean console on normal pages.
 */
import type { Page } from '@playwright/test';
import {
  bigCatalogue,
  cardTitle,
  demoCatalogue,
  productById,
  type Product,
} from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { money } from '../support/money';
import { fulfilJson, isCatalogueList, isProductDetail, trackRequests } from '../support/network';
import {
  STORAGE_KEYS,
  cartJson,
  readStored,
  seedStorage,
  type RawSeed,
  type StorageKey,
} from '../support/storage';
import {
  card,
  cartLine,
  cartLink,
  cards,
  errorAlert,
  expectCartCount,
  expectPage,
  main,
  orderSummary,
  increase,
  decrease,
} from '../support/ui';

const NOT_FOUND = "Oh no, this route doesn't exist!";

const BAD_VALUES: Record<StorageKey, Record<string, string>> = {
  cart: {
    'invalid JSON': '[{"productId":',
    'an object': '{"productId":1}',
    'a string': '"cart"',
    'lines without productData': '[{"productId":1,"quantity":2},{"foo":"bar"},null,42]',
  },
  products: {
    'invalid JSON': '[{"id":1,',
    'an object': '{"products":[]}',
    'a number': '42',
    'junk items': '[null,{"id":"x"},"product"]',
  },
  savings: {
    'invalid JSON': '{oops',
    'a string': '"ten dollars"',
    'an array': '[1,2]',
    null: 'null',
  },
  totalPriceBeforeTax: {
    'invalid JSON': 'NaN?',
    'a string': '"lots"',
    'an object': '{"value":3}',
    negative: '-50',
  },
};

async function expectNoCrash(page: Page, pageErrors: string[]): Promise<void> {
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);
  expect(pageErrors, 'uncaught exceptions').toEqual([]);
  const text = await main(page).innerText();
  expect(text).not.toMatch(/NaN|Infinity|undefined|\[object Object\]/);
}

test.describe('corrupt storage', () => {
  for (const key of STORAGE_KEYS) {
    for (const [label, value] of Object.entries(BAD_VALUES[key])) {
      test(`${key} holding ${label}: the shop works and other keys are kept`, async ({
        page,
        pageErrors,
        servedCatalogue,
      }) => {
        const product = productById(1);
        const valid: Record<StorageKey, string> = {
          cart: cartJson([[served(servedCatalogue, product.id), 2]]),
          products: JSON.stringify(servedCatalogue),
          savings: String((product.price * 2) / 10),
          totalPriceBeforeTax: String(product.price * 2),
        };
        const seed: RawSeed = { ...valid, [key]: value };
        await seedStorage(page, seed);
        const catalogueRequests = trackRequests(page, (r) => isCatalogueList(new URL(r.url())));

        await page.goto('/products');
        await expect(card(page, product)).toBeVisible();
        await expectNoCrash(page, pageErrors);

        await page.goto('/cart');
        if (key === 'cart') {
          await expect(page.getByRole('heading', { name: 'No items in cart' })).toBeVisible();
          await expectCartCount(page, 0);
        } else {
          await expect(cartLine(page, product)).toBeVisible();
          await expectCartCount(page, 2);
          await expect(orderSummary(page)).toContainText(money(product.price * 2));
        }
        await expectNoCrash(page, pageErrors);

        if (key === 'products') {
          expect(catalogueRequests.length, 'corrupt cache falls back to a fetch').toBe(1);
          const stored = await readStored(page, 'products');
          expect(Array.isArray(stored) && stored.length === servedCatalogue.length).toBe(true);
        } else {
          expect(catalogueRequests, 'valid cache is kept').toHaveLength(0);
          expect(await readStored(page, 'products')).toEqual(JSON.parse(valid.products));
        }
        if (key !== 'cart') {
          expect(await readStored(page, 'cart')).toEqual(JSON.parse(valid.cart));
        }
        if (key === 'savings' || key === 'totalPriceBeforeTax') {
          // The summary is computed from the cart, whatever the corrupt key held.
          await expect(orderSummary(page)).toContainText(money(product.price * 0.2));
          // Once line totals change, both keys are recomputed and written as numbers.
          await increase(cartLine(page, product)).click();
          await decrease(cartLine(page, product)).click();
          await expectCartCount(page, 2);
          await expect.poll(() => readStored(page, 'savings')).toBeCloseTo(product.price * 0.2, 2);
          await expect
            .poll(() => readStored(page, 'totalPriceBeforeTax'))
            .toBeCloseTo(product.price * 2, 2);
        }
      });
    }
  }

  test('a cart line with a bad item among good ones keeps the good ones', async ({
    page,
    pageErrors,
    servedCatalogue,
  }) => {
    const good = served(servedCatalogue, 2);
    const cart = [
      { productId: good.id, quantity: 1, productData: good },
      { productId: 99, quantity: 1, productData: { id: 99 } },
      'junk',
    ];
    await seedStorage(page, { cart: JSON.stringify(cart) });
    await page.goto('/cart');
    await expect(cartLine(page, productById(2))).toBeVisible();
    await expectCartCount(page, 1);
    await expectNoCrash(page, pageErrors);
  });
});

test.describe('full storage', () => {
  test('a 10,000-product catalogue that overflows the quota still lists and the cart works', async ({
    page,
    pageErrors,
    servedCatalogue,
  }) => {
    test.setTimeout(90_000);
    const big = bigCatalogue(
      10_000,
      servedCatalogue.map((p) => p.image),
      160,
    );
    const body = JSON.stringify(big);
    expect(body.length, 'catalogue JSON larger than the ~5 MB quota').toBeGreaterThan(6_000_000);
    await fulfilJson(page, isCatalogueList, big);
    await fulfilJson(page, isProductDetail, big[0]);
    await page.goto('/products');
    const first = big[0]!;
    await expect(card(page, first)).toBeVisible({ timeout: 20_000 });
    await expectPage(page, 1, Math.ceil(big.length / 6));
    await card(page, first).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 1);
    await cartLink(page).click();
    await expect(cartLine(page, first)).toBeVisible();
    await expect(orderSummary(page)).toContainText(money(first.price));
    await expect
      .poll(() => readStored(page, 'cart'))
      .toEqual([expect.objectContaining({ productId: first.id, quantity: 1 })]);
    expect(pageErrors).toEqual([]);
  });

  test('when storage is completely full the cart still works in memory', async ({
    page,
    pageErrors,
  }) => {
    await page.addInitScript(() => {
      if (window.sessionStorage.getItem('__filled__')) return;
      window.sessionStorage.setItem('__filled__', '1');
      const chunk = 'x'.repeat(1024 * 1024);
      for (let i = 0; i < 20; i += 1) {
        try {
          window.localStorage.setItem(`filler-${i}`, chunk);
        } catch {
          break;
        }
      }
      let small = 'y'.repeat(64 * 1024);
      for (let i = 0; small.length > 0 && i < 200; i += 1) {
        try {
          window.localStorage.setItem(`filler-small-${i}`, small);
        } catch {
          small = small.slice(0, Math.floor(small.length / 2));
        }
      }
    });
    const product = demoCatalogue()[0]!;
    await page.goto('/products');
    await expect(card(page, product)).toBeVisible();
    await card(page, product).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 1);
    await cartLink(page).click();
    await expect(cartLine(page, product)).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});

test.describe('catalogue failures', () => {
  const failures: [string, (page: Page) => Promise<void>][] = [
    [
      'HTTP 500',
      async (page) => {
        await page.route(isCatalogueList, (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
        );
      },
    ],
    [
      'a network error',
      async (page) => {
        await page.route(isCatalogueList, (route) => route.abort('failed'));
      },
    ],
    [
      'an empty body',
      async (page) => {
        await page.route(isCatalogueList, (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: '' }),
        );
      },
    ],
    [
      'a non-array body',
      async (page) => {
        await page.route(isCatalogueList, (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: '{"a":1}' }),
        );
      },
    ],
  ];
  for (const [label, fail] of failures) {
    test(`${label} shows 'Error: …' and 'Try again' recovers`, async ({ page, pageErrors }) => {
      await fail(page);
      await page.goto('/products');
      await expect(errorAlert(page)).toBeVisible();
      await expect(errorAlert(page)).toContainText(/Error: \S+/);
      await expect(cards(page)).toHaveCount(0);
      await page.unroute(isCatalogueList);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(cards(page)).toHaveCount(6);
      await expect(errorAlert(page)).toHaveCount(0);
      expect(pageErrors).toEqual([]);
    });
  }
});

test.describe('a failing catalogue is asked once', () => {
  test('a 500 on the catalogue makes one request; only Try again asks again', async ({ page }) => {
    const calls = trackRequests(page, (request) => isCatalogueList(new URL(request.url())));
    await page.route(isCatalogueList, (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/products');
    await expect(errorAlert(page)).toContainText('Error: Failed to fetch products');
    // Spec §7: no other calls — nothing is retried behind the shopper's back.
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(1);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(errorAlert(page)).toBeVisible();
    expect(calls).toHaveLength(2);
  });

  test('a failing product detail makes one request', async ({ page }) => {
    const calls = trackRequests(page, (request) => isProductDetail(new URL(request.url())));
    await page.route(isProductDetail, (route) => route.abort());
    await page.goto('/product/5');
    await expect(errorAlert(page)).toContainText('Error:');
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(1);
  });
});

test.describe('hostile product data', () => {
  const XSS = '<img src=x onerror=alert(1)>';

  test('an HTML title is shown as text and runs nothing', async ({ page, servedCatalogue }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const hostile: Product[] = servedCatalogue.map((p, i) =>
      i === 0 ? { ...p, title: XSS, description: `${XSS} <script>alert(2)</script>` } : p,
    );
    await fulfilJson(page, isCatalogueList, hostile);
    await fulfilJson(page, isProductDetail, hostile[0]);
    await page.goto('/products');
    await expect(
      page.getByRole('heading', { name: cardTitle(hostile[0]!), exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await page.goto(`/product/${hostile[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: XSS, exact: true })).toBeVisible();
    await page.goto('/cart');
    await expect(main(page).getByText(XSS, { exact: true }).first()).toBeVisible();
    await page.goto('/checkout');
    await expect(main(page).getByText(XSS).first()).toBeVisible();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toBe(0);
  });
});

test.describe('odd quantities', () => {
  const odd: [string, unknown][] = [
    ['zero', 0],
    ['negative', -3],
    ['fractional', 2.5],
    ['a numeric string', '3'],
    ['huge', 1e9],
    ['NaN-ish string', 'lots'],
  ];
  for (const [label, quantity] of odd) {
    test(`a stored quantity that is ${label} does not break the cart`, async ({
      page,
      pageErrors,
      servedCatalogue,
    }) => {
      const product = served(servedCatalogue, 1);
      await seedStorage(page, {
        cart: JSON.stringify([{ productId: product.id, quantity, productData: product }]),
      });
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        /^(Shopping Cart|No items in cart)$/,
      );
      await expectNoCrash(page, pageErrors);
      const text = await main(page).innerText();
      expect(text).not.toMatch(/(Line total|Original price|Tax|Total)\s*[-−]|e\+/);
      await page.goto('/checkout');
      await expectNoCrash(page, pageErrors);
    });
  }

  test('a very long typed quantity stays a sane number', async ({ page, pageErrors }) => {
    const product = productById(1);
    await page.goto(`/product/${product.id}`);
    const box = page.getByRole('textbox', { name: 'Quantity' });
    await box.fill('99999999999999999999999');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.goto('/cart');
    await expectNoCrash(page, pageErrors);
    const text = await main(page).innerText();
    expect(text).not.toMatch(/(Line total|Original price|Tax|Total)\s*[-−]|e\+/);
  });
});

test.describe('console', () => {
  const routes = ['/', '/home', '/about', '/products', '/product/1', '/cart', '/checkout'];
  test('normal pages log no console errors, page errors or CSP violations', async ({
    page,
    consoleErrors,
    servedCatalogue,
  }) => {
    await seedStorage(page, {
      cart: cartJson([
        [served(servedCatalogue, 1), 1],
        [served(servedCatalogue, 9), 2],
      ]),
    });
    for (const route of routes) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /thank you/i })).toBeVisible();
    await page.goto('/products');
    await cards(page).first().getByRole('link').first().click();
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });
});
