/** Spec §2: shared layout, landing, about and unknown-route pages, navigation. */
import { productById, cardTitle } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { cartJson, seedStorage } from '../support/storage';
import { VIEWPORTS, cartLink, expectCartCount, footer, header } from '../support/ui';

const NAV_LINKS = [
  { name: 'Home', url: /\/(home)?$/ },
  { name: 'Products', url: /\/products$/ },
  { name: 'About', url: /\/about$/ },
] as const;

test.describe('layout', () => {
  test('header shows the logo and links Home, Products, About that navigate', async ({ page }) => {
    await page.goto('/about');
    await expect(header(page).getByRole('link', { name: 'Kiosk Shop' })).toBeVisible();
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    for (const link of NAV_LINKS) {
      await nav.getByRole('link', { name: link.name, exact: true }).click();
      await expect(page).toHaveURL(link.url);
    }
  });

  test('header is sticky: it stays in view after scrolling', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/products');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.mouse.wheel(0, 2000);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: 'page scrolled' })
      .toBeGreaterThan(0);
    const box = await header(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeLessThanOrEqual(1);
    await expect(header(page)).toBeInViewport();
  });

  test('footer has links Home, Products, About and a developer credit', async ({ page }) => {
    await page.goto('/home');
    for (const link of NAV_LINKS) {
      await expect(footer(page).getByRole('link', { name: link.name, exact: true })).toBeVisible();
    }
    await footer(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(footer(page)).not.toHaveText('');
  });

  test('cart badge shows the total item quantity, not the number of lines', async ({
    page,
    servedCatalogue,
  }) => {
    await seedStorage(page, {
      cart: cartJson([
        [served(servedCatalogue, 1), 2],
        [served(servedCatalogue, 2), 3],
      ]),
    });
    await page.goto('/home');
    await expectCartCount(page, 5);
    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('cart badge shows 0 with an empty cart', async ({ page }) => {
    await page.goto('/home');
    await expectCartCount(page, 0);
  });

  test('on small screens a slide-in menu holds the same three links', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/home');
    await expect(
      header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }),
    ).toBeHidden();
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const link of NAV_LINKS) {
      await expect(menu.getByRole('link', { name: link.name, exact: true })).toBeVisible();
    }
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('the slide-in menu closes with Escape', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/home');
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('on wide screens the links are shown and there is no menu button', async ({ page }) => {
    await page.goto('/home');
    await expect(header(page).getByRole('link', { name: 'About', exact: true })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});

test.describe('home', () => {
  for (const path of ['/', '/home']) {
    test(`${path} shows the landing page with headline and tagline`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
      await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Learn more' })).toBeVisible();
    });
  }

  test("'Start Shoping' goes to /products", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Shoping' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("'Learn more' goes to /about", async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('link', { name: 'Learn more' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('about', () => {
  test('shows three feature cards: Fast & Easy, Curated Products, Secure Shopping', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    for (const name of ['Fast & Easy', 'Curated Products', 'Secure Shopping']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
  });
});

test.describe('unknown route', () => {
  for (const path of ['/nope', '/products/extra/segments', '/cart/1']) {
    test(`${path} shows 'Oh no, this route doesn't exist!' with a link to /home`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { name: "Oh no, this route doesn't exist!", exact: true }),
      ).toBeVisible();
      const back = page.getByRole('main').getByRole('link', { name: 'Back to Home' });
      await expect(back).toHaveAttribute('href', '/home');
      await back.click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
    });
  }
});

test.describe('routing', () => {
  test('deep link /product/3 opened directly shows that product', async ({ page }) => {
    const product = productById(3);
    await page.goto('/product/3');
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  });

  test('deep links to /cart and /checkout survive a reload', async ({ page }) => {
    await page.goto('/cart');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No items in cart' })).toBeVisible();
    await page.goto('/checkout');
    await expect(page.getByRole('link', { name: 'Keep Shoping' })).toBeVisible();
  });

  test('the browser back and forward buttons work', async ({ page }) => {
    const product = productById(1);
    await page.goto('/home');
    await page.getByRole('link', { name: 'Start Shoping' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await page.getByRole('link', { name: cardTitle(product), exact: true }).click();
    await expect(page).toHaveURL(/\/product\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { name: cardTitle(product) })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('the cart badge', () => {
  test('shows a large total in full, legible and inside the header at every width', async ({
    page,
    servedCatalogue,
  }) => {
    // Ten lines of 9,999: the badge reads 99,990.
    const lines = servedCatalogue.slice(0, 10).map((product) => [product, 9999] as const);
    await seedStorage(page, { cart: cartJson(lines) });
    for (const width of [320, 375, 768, 1080, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/about');
      await expectCartCount(page, 99_990);
      const badge = cartLink(page).getByText('99,990', { exact: true });
      const box = (await badge.boundingBox())!;
      const bar = (await header(page).boundingBox())!;
      expect(box.x, `${width}px`).toBeGreaterThanOrEqual(bar.x);
      expect(box.x + box.width, `${width}px`).toBeLessThanOrEqual(
        Math.min(bar.x + bar.width, width),
      );
      expect(box.y, `${width}px`).toBeGreaterThanOrEqual(bar.y);
      const legible = await badge.evaluate((el) => ({
        size: parseFloat(getComputedStyle(el).fontSize),
        clipped: el.scrollWidth > el.clientWidth,
      }));
      expect(legible.size, `${width}px`).toBeGreaterThanOrEqual(12);
      expect(legible.clipped, `${width}px`).toBe(false);
    }
  });
});

test.describe('long words from the catalogue', () => {
  // A catalogue may send a title or category with no space in it: it wraps, and the page
  // never scrolls sideways on a phone or a laptop.
  test('a one-word title wraps on the cart and the product page', async ({
    page,
    servedCatalogue,
  }) => {
    const base = served(servedCatalogue, 2);
    const long = {
      ...base,
      title: `Ultra${'Long'.repeat(40)}Jacket`,
      category: `Outer${'wear'.repeat(20)}`,
    };
    const catalogue = servedCatalogue.map((product) => (product.id === long.id ? long : product));
    await seedStorage(page, {
      cart: cartJson([[long, 1]]),
      products: JSON.stringify(catalogue),
    });
    await page.route(/\/api\/products\/2$/, (route) => route.fulfill({ json: long }));
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 812 });
      for (const path of ['/cart', `/product/${long.id}`]) {
        await page.goto(path);
        await expect(page.getByText(long.title, { exact: true }).first()).toBeVisible();
        const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth);
        expect(wide, `${path} at ${width}px`).toBeLessThanOrEqual(width);
      }
    }
  });
});
