/** Spec §2 /products, §4, §5 search rules, §7 catalogue call, §9 constants. */
import {
  CATEGORY_BUTTONS,
  PAGE_SIZE,
  cardDescription,
  cardTitle,
  demoCatalogue,
  escapeRegExp,
  productsInCategory,
  searchTermWithin,
  type Product,
} from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { appCardsShown } from '../support/held-app';
import { cardStruckPrice, money } from '../support/money';
import { isCatalogueList, trackRequests } from '../support/network';
import { readStored, seedStorage } from '../support/storage';
import {
  VIEWPORTS,
  card,
  cards,
  categoryButton,
  expectCartCount,
  expectPage,
  isStruck,
  pagination,
  searchBox,
  struckPrice,
} from '../support/ui';
import type { Page } from '@playwright/test';

const totalPages = (n: number): number => Math.ceil(n / PAGE_SIZE);

/** /products, its cards the app's own (a first visit's are painted before the app runs). */
async function gotoProducts(page: Page): Promise<void> {
  await page.goto('/products');
  await expect(cards(page).first()).toBeVisible();
  await appCardsShown(page);
}

async function expectCardsAre(page: Page, products: readonly Product[]): Promise<void> {
  await expect(cards(page).getByRole('heading')).toHaveText(products.map(cardTitle));
}

async function search(page: Page, term: string, how: 'enter' | 'button'): Promise<void> {
  await searchBox(page).fill(term);
  if (how === 'enter') await searchBox(page).press('Enter');
  else await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
}

test.describe('products page', () => {
  test('served catalogue is the 24-product demo catalogue', ({ servedCatalogue }) => {
    const demo = demoCatalogue();
    expect(demo).toHaveLength(24);
    expect(servedCatalogue.map((p) => [p.id, p.title, p.price, p.category])).toEqual(
      demo.map((p) => [p.id, p.title, p.price, p.category]),
    );
    for (const button of CATEGORY_BUTTONS.slice(1)) {
      expect(productsInCategory(button.category ?? '')).toHaveLength(6);
    }
  });

  test('has a search box with placeholder and a Search button', async ({ page }) => {
    await gotoProducts(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(searchBox(page)).toBeVisible();
    await expect(searchBox(page)).toHaveAccessibleName('Search products');
    await expect(page.getByRole('search').getByRole('button', { name: 'Search' })).toBeVisible();
  });

  test('lists the categories All, Women’s, Men’s clothing, Jewelery, Electronics', async ({
    page,
  }) => {
    await gotoProducts(page);
    const group = page.getByRole('group', { name: 'Categories' });
    await expect(group.getByRole('button')).toHaveText(CATEGORY_BUTTONS.map((c) => c.label));
    await expect(categoryButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  });

  test('shows 6 products per page with "page / total"', async ({ page }) => {
    const all = demoCatalogue();
    await gotoProducts(page);
    await expectCardsAre(page, all.slice(0, PAGE_SIZE));
    await expectPage(page, 1, totalPages(all.length));
  });

  test('Previous is disabled on the first page and Next on the last', async ({ page }) => {
    const all = demoCatalogue();
    const pages = totalPages(all.length);
    await gotoProducts(page);
    const previous = pagination(page).getByRole('button', { name: 'Previous' });
    const next = pagination(page).getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    for (let n = 2; n <= pages; n += 1) {
      await next.click();
      await expectPage(page, n, pages);
      await expectCardsAre(page, all.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE));
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expectPage(page, pages - 1, pages);
  });

  test('each card shows badge, image, category, truncated texts, prices, rating, reviews, stock', async ({
    page,
  }) => {
    await gotoProducts(page);
    for (const product of demoCatalogue().slice(0, PAGE_SIZE)) {
      const c = card(page, product);
      await expect(c).toHaveCount(1);
      await expect(c.getByText('Hot Sale', { exact: true })).toBeVisible();
      // The image may be hidden from assistive tech (the title link names the card).
      await expect(
        c.getByRole('img', { name: product.title, exact: true, includeHidden: true }),
      ).toBeVisible();
      await expect(
        c.getByText(new RegExp(`^${escapeRegExp(product.category)}$`, 'i')).first(),
      ).toBeVisible();
      await expect(c.getByRole('heading', { name: cardTitle(product), exact: true })).toBeVisible();
      await expect(c.getByText(cardDescription(product), { exact: true })).toBeVisible();
      const struck = struckPrice(c, cardStruckPrice(product.price));
      await expect(struck).toBeVisible();
      expect(await isStruck(struck), 'original price is struck through').toBe(true);
      const price = c.getByText(money(product.price), { exact: true });
      await expect(price).toBeVisible();
      expect(await isStruck(price), 'price is not struck through').toBe(false);
      await expect(c.getByRole('img', { name: /^Rated [\d.]+ out of 5$/ })).toBeVisible();
      await expect(c.getByText(new RegExp(`\\b${product.rating.count} reviews?\\b`))).toBeVisible();
      await expect(c.getByText('In Stock', { exact: true })).toBeVisible();
      await expect(c.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
    }
  });

  test('card star rating names the product rating', async ({ page }) => {
    const product = demoCatalogue()[0]!;
    await gotoProducts(page);
    const half = Math.round(product.rating.rate * 2) / 2;
    await expect(
      card(page, product).getByRole('img', {
        name: new RegExp(`^Rated (${product.rating.rate}|${half}) out of 5$`),
      }),
    ).toBeVisible();
  });

  test('card title links to the product detail page', async ({ page }) => {
    const product = demoCatalogue()[1]!;
    await gotoProducts(page);
    await card(page, product)
      .getByRole('link', { name: cardTitle(product), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  });

  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1366, 3],
    [1920, 3],
  ] as const) {
    test(`grid has ${columns} column(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1000 });
      await gotoProducts(page);
      await expect(cards(page)).toHaveCount(PAGE_SIZE);
      const xs = new Set<number>();
      for (const box of await Promise.all((await cards(page).all()).map((c) => c.boundingBox()))) {
        if (box) xs.add(Math.round(box.x));
      }
      expect(xs.size).toBe(columns);
    });
  }

  test('search: Search button submits a case-insensitive title substring match', async ({
    page,
  }) => {
    const { term, matches } = searchTermWithin('electronics');
    await gotoProducts(page);
    await search(page, term.toUpperCase(), 'button');
    await expectCardsAre(page, matches.slice(0, PAGE_SIZE));
  });

  test('search: Enter submits the search', async ({ page }) => {
    const { term, matches } = searchTermWithin('jewelery');
    await gotoProducts(page);
    await search(page, term.toLowerCase(), 'enter');
    await expectCardsAre(page, matches.slice(0, PAGE_SIZE));
  });

  test('search: the field is cleared after submit and the category stays', async ({ page }) => {
    const { term, matches } = searchTermWithin('electronics');
    await gotoProducts(page);
    await categoryButton(page, 'Electronics').click();
    await search(page, term, 'enter');
    await expect(searchBox(page)).toHaveValue('');
    await expect(categoryButton(page, 'Electronics')).toHaveAttribute('aria-pressed', 'true');
    await expectCardsAre(page, matches.slice(0, PAGE_SIZE));
  });

  test('search: the field is required by the form', async ({ page }) => {
    await gotoProducts(page);
    await expect(searchBox(page)).toHaveJSProperty('required', true);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expectCardsAre(page, demoCatalogue().slice(0, PAGE_SIZE));
  });

  test('search: an empty result shows the full catalogue again', async ({ page }) => {
    const all = demoCatalogue();
    await gotoProducts(page);
    await search(page, 'zzqxnotaproduct', 'enter');
    await expectCardsAre(page, all.slice(0, PAGE_SIZE));
    await expectPage(page, 1, totalPages(all.length));
  });

  test('search resets the page to 1', async ({ page }) => {
    const all = demoCatalogue();
    await gotoProducts(page);
    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await expectPage(page, 2, totalPages(all.length));
    const first = all[0]!;
    const word = first.title.split(/\s+/)[0] ?? '';
    const matches = all.filter((p) => p.title.toLowerCase().includes(word.toLowerCase()));
    await search(page, word, 'enter');
    await expectPage(page, 1, totalPages(matches.length));
    await expectCardsAre(page, matches.slice(0, PAGE_SIZE));
  });

  for (const button of CATEGORY_BUTTONS.slice(1)) {
    test(`category ${button.label} shows only ${button.category}`, async ({ page }) => {
      const expected = productsInCategory(button.category ?? '');
      await gotoProducts(page);
      await categoryButton(page, button.label).click();
      await expect(categoryButton(page, button.label)).toHaveAttribute('aria-pressed', 'true');
      await expect(categoryButton(page, 'All')).toHaveAttribute('aria-pressed', 'false');
      await expectCardsAre(page, expected.slice(0, PAGE_SIZE));
      await expectPage(page, 1, totalPages(expected.length));
    });
  }

  test('category All shows the whole catalogue again', async ({ page }) => {
    const all = demoCatalogue();
    await gotoProducts(page);
    await categoryButton(page, 'Jewelery').click();
    await expectCardsAre(page, productsInCategory('jewelery'));
    await categoryButton(page, 'All').click();
    await expectCardsAre(page, all.slice(0, PAGE_SIZE));
    await expectPage(page, 1, totalPages(all.length));
  });

  test('changing category resets the page to 1', async ({ page }) => {
    const all = demoCatalogue();
    await gotoProducts(page);
    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await expectPage(page, 3, totalPages(all.length));
    await categoryButton(page, 'Electronics').click();
    await expectPage(page, 1, 1);
    await categoryButton(page, 'All').click();
    await expectPage(page, 1, totalPages(all.length));
  });

  test("'Add to Cart' adds one item and shows 'Added' for 2 seconds", async ({ page }) => {
    const product = demoCatalogue()[0]!;
    await page.clock.install();
    await gotoProducts(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const c = card(page, product);
    await c.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(c.getByRole('button', { name: 'Added' })).toBeVisible();
    await expectCartCount(page, 1);
    await page.clock.runFor(1_900);
    await expect(c.getByRole('button', { name: 'Added' })).toBeVisible();
    await page.clock.runFor(200);
    await expect(c.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  });

  test("repeated 'Add to Cart' clicks restart the 2 second timer", async ({ page }) => {
    const product = demoCatalogue()[2]!;
    await page.clock.install();
    await gotoProducts(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const c = card(page, product);
    await c.getByRole('button', { name: 'Add to Cart' }).click();
    await page.clock.runFor(1_500);
    await c.getByRole('button', { name: 'Added' }).click();
    await expectCartCount(page, 2);
    await page.clock.runFor(1_500);
    await expect(c.getByRole('button', { name: 'Added' })).toBeVisible();
    await page.clock.runFor(600);
    await expect(c.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  });

  test('the catalogue is requested once and cached in localStorage "products"', async ({
    page,
  }) => {
    const requests = trackRequests(page, (r) => isCatalogueList(new URL(r.url())));
    await gotoProducts(page);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method()).toBe('GET');
    const stored = await readStored(page, 'products');
    expect(Array.isArray(stored)).toBe(true);
    expect((stored as Product[]).map((p) => [p.id, p.title, p.price])).toEqual(
      demoCatalogue().map((p) => [p.id, p.title, p.price]),
    );
    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('link', { name: 'Start Shoping' }).click();
    await expect(cards(page).first()).toBeVisible();
    expect(requests, 'no request once products are cached').toHaveLength(1);
  });

  test('no catalogue request is made when cached products exist', async ({
    page,
    servedCatalogue,
  }) => {
    const cached = servedCatalogue.slice(0, 8);
    await seedStorage(page, { products: JSON.stringify(cached) });
    const requests = trackRequests(page, (r) => isCatalogueList(new URL(r.url())));
    await page.goto('/products');
    await expectCardsAre(page, cached.slice(0, PAGE_SIZE));
    await expectPage(page, 1, 2);
    expect(requests).toHaveLength(0);
  });

  test('shows a loading state while the catalogue loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(isCatalogueList, async (route) => {
      await gate;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/products');
    await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    release();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeHidden();
  });

  test('the grid is rendered in the phone and kiosk layouts', async ({ page }) => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.kioskPortrait]) {
      await page.setViewportSize(viewport);
      await gotoProducts(page);
      await expect(cards(page)).toHaveCount(PAGE_SIZE);
    }
  });
});
