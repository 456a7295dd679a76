/**
 * The fault matrix (docs/resilience.md): every way the catalogue, storage or a shopper's
 * input can go wrong, each its own test. No case may leave a blank screen, an uncaught
 * error, a wrong total, or a lost cart that could have been kept.
 */
import type { Page, Route } from '@playwright/test';
import { bigCatalogue, demoCatalogue, productById, type Product } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { formatCents, money, toCents } from '../support/money';
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
  decrease,
  errorAlert,
  expectCartCount,
  expectPage,
  increase,
  main,
  orderSummary,
  quantityBox,
  searchBox,
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

/** No blank screen, no error page, no uncaught error, no nonsense numbers. */
async function expectNoCrash(page: Page, pageErrors: string[]): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(main(page)).not.toBeEmpty();
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);
  expect(pageErrors, 'uncaught exceptions').toEqual([]);
  const text = await main(page).innerText();
  expect(text).not.toMatch(/NaN|Infinity|undefined|\[object Object\]|\de\+\d/);
}

/** The catalogue list answers badly until the test lets it through again. */
async function catalogueAnswers(page: Page, answer: (route: Route) => Promise<void>) {
  await page.route(isCatalogueList, answer);
}

async function expectErrorThenRecovery(
  page: Page,
  pageErrors: string[],
  message: string | RegExp,
): Promise<void> {
  await page.goto('/products');
  await expect(errorAlert(page)).toBeVisible();
  await expect(errorAlert(page)).toContainText(message);
  await expect(cards(page)).toHaveCount(0);
  await expectNoCrash(page, pageErrors);
  await page.unroute(isCatalogueList);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page)).toHaveCount(6);
  await expect(errorAlert(page)).toHaveCount(0);
  expect(pageErrors).toEqual([]);
}

test.describe('fault matrix: the catalogue', () => {
  const FAILED = 'Error: Failed to fetch products';
  const answers: Array<
    [name: string, answer: (route: Route) => Promise<void>, message: string | RegExp]
  > = [
    [
      '500: the spec’s error, and Try again recovers',
      (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
      FAILED,
    ],
    ['404: the spec’s error', (route) => route.fulfill({ status: 404, body: 'Not found' }), FAILED],
    [
      'network error: its own message, and Try again',
      (route) => route.abort('internetdisconnected'),
      /Error: \S+/,
    ],
    [
      'empty body: the spec’s error',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '' }),
      FAILED,
    ],
    [
      'invalid JSON: the spec’s error',
      (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '[{"id": 1,' }),
      FAILED,
    ],
  ];
  for (const [name, answer, message] of answers) {
    test(name, async ({ page, pageErrors }) => {
      await catalogueAnswers(page, answer);
      await expectErrorThenRecovery(page, pageErrors, message);
    });
  }

  test('a body over 20 MB: the spec’s error, nothing parsed, and Try again recovers', async ({
    page,
    pageErrors,
    servedCatalogue,
  }) => {
    test.setTimeout(60_000);
    // Valid JSON: read whole, it would list these products; the shop stops at 20 MB.
    const list = JSON.stringify(servedCatalogue);
    const body = `${list.slice(0, -1)}${' '.repeat(21_000_000)}]`;
    await catalogueAnswers(page, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await expectErrorThenRecovery(page, pageErrors, FAILED);
  });

  test('503 with a text body: the spec’s error, not the body', async ({ page, pageErrors }) => {
    await catalogueAnswers(page, (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    );
    await page.goto('/products');
    await expect(errorAlert(page)).toContainText(FAILED);
    await expect(main(page)).not.toContainText('Service Unavailable');
    await expectErrorThenRecovery(page, pageErrors, FAILED);
  });

  test('some malformed products: they are skipped and the rest shown', async ({
    page,
    pageErrors,
    servedCatalogue,
  }) => {
    const good = servedCatalogue.slice(0, 4);
    const body = [
      good[0],
      { id: 'seven', title: 'Not a product' },
      good[1],
      null,
      { ...good[2], price: 'free' },
      good[3],
      'junk',
    ];
    await fulfilJson(page, isCatalogueList, body);
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(3);
    for (const product of [good[0]!, good[1]!, good[3]!]) {
      await expect(card(page, product)).toBeVisible();
    }
    await expect(main(page)).not.toContainText('Not a product');
    await expectNoCrash(page, pageErrors);
  });

  test('a 30 s hang: a timeout, then the error state with Try again', async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(60_000);
    // The host accepts the request and then says nothing for 30 s.
    await catalogueAnswers(
      page,
      (route) =>
        new Promise((done) => setTimeout(() => void route.abort().then(done, done), 30_000)),
    );
    await page.goto('/products');
    await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeVisible();
    await expect(errorAlert(page)).toContainText('Error: The catalogue did not answer in time', {
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoCrash(page, pageErrors);
    await page.unroute(isCatalogueList);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page)).toHaveCount(6);
  });

  test('recovery when the host comes back: the list shows and is cached', async ({
    page,
    pageErrors,
    servedCatalogue,
  }) => {
    await catalogueAnswers(page, (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.goto('/products');
    await expect(errorAlert(page)).toBeVisible();
    await page.unroute(isCatalogueList);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page)).toHaveCount(6);
    await expect
      .poll(async () => ((await readStored(page, 'products')) as unknown[]).length)
      .toBe(servedCatalogue.length);
    expect(pageErrors).toEqual([]);
  });
});

test.describe('fault matrix: storage', () => {
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

  test('quota exceeded on write: a 10,000-product catalogue too big to cache still lists, and the cart works', async ({
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

  test('quota exceeded on write: with storage completely full the cart still works in memory', async ({
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

  test('storage unavailable altogether: the shop works from memory', async ({
    page,
    pageErrors,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const product = demoCatalogue()[2]!;
    await page.goto('/products');
    await expect(card(page, product)).toBeVisible();
    await card(page, product).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 1);
    await cartLink(page).click();
    await expect(cartLine(page, product)).toBeVisible();
    await expect(orderSummary(page)).toContainText(money(product.price));
    await expectNoCrash(page, pageErrors);
  });
});

test.describe('fault matrix: input', () => {
  const detail = async (page: Page, product: Product) => {
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  };

  test('a quantity pasted with letters keeps its digits', async ({ page, pageErrors }) => {
    const product = productById(3);
    await detail(page, product);
    const box = quantityBox(page);
    await box.focus();
    await box.evaluate((input: HTMLInputElement) => input.select());
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '1x2abc');
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await page.keyboard.insertText('1x2abc');
    await expect(box).toHaveValue('12');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expectCartCount(page, 12);
    await expectNoCrash(page, pageErrors);
  });

  test('huge numbers: 9,999 per line at most, said on screen; totals exact, formatted, no exponent', async ({
    page,
    pageErrors,
  }) => {
    const product = demoCatalogue().reduce((a, b) => (b.price > a.price ? b : a));
    await detail(page, product);
    const box = quantityBox(page);
    await box.fill('99999999999999999999');
    await box.press('Enter');
    await expect(box).toHaveValue('9999');
    await expect(page.getByText('Limit 9,999 per product')).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expectCartCount(page, 9999);
    await expect(cartLink(page)).toContainText('9,999');
    await cartLink(page).click();
    const subtotal = toCents(product.price) * 9999;
    const tax = Math.round(subtotal * 0.2);
    const savings = Math.round(subtotal * 0.1);
    await expect(orderSummary(page)).toContainText(formatCents(subtotal));
    await expect(orderSummary(page)).toContainText(formatCents(tax));
    await expect(orderSummary(page)).toContainText(formatCents(subtotal + tax - savings));
    await expectNoCrash(page, pageErrors);
  });

  test('a thousand of one product is a thousand: no cap below 9,999, badge "1,000"', async ({
    page,
    pageErrors,
  }) => {
    const product = productById(2);
    await detail(page, product);
    await quantityBox(page).fill('1000');
    await quantityBox(page).press('Enter');
    await expect(quantityBox(page)).toHaveValue('1000');
    await expect(page.getByText(/Limit .* per product/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1,000 items');
    await expect(cartLink(page)).toContainText('1,000');
    await expectNoCrash(page, pageErrors);
  });

  test('negatives and emoji in a quantity leave only the digits', async ({ page, pageErrors }) => {
    await detail(page, productById(4));
    const box = quantityBox(page);
    await box.fill('-5');
    await expect(box).toHaveValue('5');
    await box.fill('😀3🛒');
    await expect(box).toHaveValue('3');
    await box.fill('-');
    await box.press('Enter');
    await expect(box).toHaveValue('1');
    await expectNoCrash(page, pageErrors);
  });

  for (const [label, code] of [
    ['with spaces', ' SHOPMAX '],
    ['in lower case', 'shopmax'],
  ] as const) {
    test(`a voucher ${label} is ignored silently and the field is cleared`, async ({
      page,
      pageErrors,
      servedCatalogue,
    }) => {
      const product = served(servedCatalogue, 1);
      await seedStorage(page, { cart: cartJson([[product, 1]]) });
      await page.goto('/cart');
      const before = await orderSummary(page).innerText();
      const field = page.getByLabel('Do you have a voucher or gift card?');
      await field.fill(code);
      await page.getByRole('button', { name: 'Apply Code' }).click();
      await expect(field).toHaveValue('');
      await expect(page.getByText(/Voucher .* applied/)).toHaveCount(0);
      expect(await orderSummary(page).innerText()).toBe(before);
      await expectNoCrash(page, pageErrors);
    });
  }

  for (const [label, term] of [
    ['regex characters', '(.*[a-z]+\\d?$'],
    ['1,000 characters', 'shirt '.repeat(167).slice(0, 1000)],
    ['emoji', '👕✨'],
  ] as const) {
    test(`a search with ${label}: no crash, the full catalogue is shown instead`, async ({
      page,
      pageErrors,
    }) => {
      await page.goto('/products');
      await expect(cards(page)).toHaveCount(6);
      await searchBox(page).fill(term);
      await searchBox(page).press('Enter');
      await expect(searchBox(page)).toHaveValue('');
      await expect(cards(page)).toHaveCount(6);
      await expectNoCrash(page, pageErrors);
    });
  }

  for (const id of ['0', '-1', 'abc', '1.5', '9'.repeat(400)]) {
    test(`product id ${id.length > 20 ? 'a very long one' : id}: the spec’s error, the shop still works`, async ({
      page,
      pageErrors,
    }) => {
      const calls = trackRequests(page, (r) => isProductDetail(new URL(r.url())));
      await page.goto(`/product/${id}`);
      await expect(errorAlert(page)).toContainText('Error: Failed to fetch product');
      await expectNoCrash(page, pageErrors);
      // An id that cannot name a product never reaches a URL.
      for (const call of calls)
        expect(new URL(call.url()).pathname).toMatch(/^\/api\/products\/\d+$/);
      await page.getByRole('banner').getByRole('link', { name: 'Products', exact: true }).click();
      await expect(cards(page)).toHaveCount(6);
    });
  }
});
