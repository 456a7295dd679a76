/**
 * The web shop in every language: English first and as the spec writes it, the header's
 * menu to choose another (remembered on the device, under a key of its own), `<html lang
 * dir>`, Arabic right to left with readable prices, axe and 44 px targets in each
 * language, a language that works offline once the shop has been visited, and the
 * long-text layout check: the pseudo-locale (40 % longer, accented) and German at the four
 * design sizes, with no text clipped or overlapping. Their screenshots go to
 * test-results/screenshots/languages/ for people to look at. Each screen is set up once per
 * language, all of them in one tab, and checked at each size by resizing the window, every
 * one of those checks due at a size made there (support/screen-sweep.ts).
 */
import type { Page } from '@playwright/test';
import type { Product } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { layoutProblems } from '../support/layout-check';
import {
  LANGUAGE_NAMES,
  message,
  TRANSLATED,
  type Language,
  type Shown,
} from '../support/messages';
import { isCatalogueList } from '../support/network';
import { browserNetwork } from '../support/offline';
import {
  type Checks,
  problemsOnEveryScreen,
  type SizeChecks,
  sizesNamed,
  type SweptScreen,
  type Viewport,
} from '../support/screen-sweep';
import { cartJson, seedStorage, STORAGE_KEYS } from '../support/storage';
import { expectShownIn, header, main, VIEWPORTS } from '../support/ui';

const LANGUAGE_KEY = 'shopLanguage';

async function showIn(page: Page, language: Shown): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LANGUAGE_KEY,
    language,
  ] as const);
}

const languageMenu = (page: Page) => header(page).getByRole('button', { name: /:/ });

const filledCart = (catalogue: Product[]) =>
  cartJson([
    [served(catalogue, 1), 2],
    [served(catalogue, 14), 1],
  ]);

/** The screens, found by their structure rather than their words. */
function screensIn(language: Shown, catalogue: Product[]): SweptScreen[] {
  const shownIn = { [LANGUAGE_KEY]: language };
  const withCart = { ...shownIn, cart: filledCart(catalogue) };
  return [
    {
      name: 'home',
      storage: shownIn,
      show: async (page) => {
        await page.goto('/');
        await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      },
    },
    {
      name: 'about',
      storage: shownIn,
      show: async (page) => {
        await page.goto('/about');
        await expect(main(page).getByRole('heading', { level: 2 })).toHaveCount(3);
      },
    },
    {
      name: 'products',
      storage: shownIn,
      show: async (page) => {
        await page.goto('/products');
        await expect(main(page).getByRole('article')).toHaveCount(6);
      },
    },
    {
      name: 'products error',
      storage: shownIn,
      show: async (page) => {
        await page.route(isCatalogueList, (route) => route.fulfill({ status: 500, body: '' }));
        await page.goto('/products');
        await expect(main(page).getByRole('alert')).toBeVisible();
      },
    },
    {
      name: 'product',
      storage: withCart,
      show: async (page) => {
        await page.goto('/product/1');
        await expect(main(page).locator('[data-price]').first()).toBeVisible();
      },
    },
    {
      name: 'cart',
      storage: { ...withCart, products: JSON.stringify(catalogue) },
      show: async (page) => {
        await page.goto('/cart');
        await expect(main(page).getByRole('article')).toHaveCount(3);
      },
    },
    {
      name: 'checkout',
      storage: withCart,
      show: async (page) => {
        await page.goto('/checkout');
        await expect(main(page).getByRole('listitem')).toHaveCount(2);
      },
    },
    {
      name: 'receipt',
      storage: withCart,
      show: async (page) => {
        await page.goto('/checkout');
        // The pseudo-locale's words are English's, accented: its one button is in ⟦ ⟧.
        const confirm = language === 'en-XA' ? /⟦/ : message(language, 'checkout.confirm');
        await main(page).getByRole('button').filter({ hasText: confirm }).click();
        await expect(main(page).getByText(/^Receipt-\d{13}-\d{1,3}$/)).toBeVisible();
      },
    },
    {
      name: 'not found',
      storage: shownIn,
      show: async (page) => {
        await page.goto('/no-such-page');
        await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      },
    },
  ];
}

test.describe('choosing a language', () => {
  test('a first visit is English, as the spec writes it, and keeps no language', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
    await expect(languageMenu(page)).toHaveAccessibleName('Language: English');
    const keys = await page.evaluate(() => Object.keys(window.localStorage));
    expect(keys.filter((key) => !(STORAGE_KEYS as readonly string[]).includes(key))).toEqual([]);
  });

  test('the menu offers every language by its own name; a choice is shown and remembered', async ({
    page,
  }) => {
    await page.goto('/products');
    await languageMenu(page).click();
    const list = header(page).getByRole('list', { name: 'Languages' });
    for (const [language, name] of Object.entries(LANGUAGE_NAMES)) {
      await expect(list.getByRole('button', { name, exact: true })).toHaveAttribute(
        'lang',
        language,
      );
    }
    await list.getByRole('button', { name: 'Español' }).click();
    await expectShownIn(page, 'es');
    await expect(list).toBeHidden();
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
      message('es', 'catalogue.heading'),
    );
    await expect(page).toHaveTitle(`${message('es', 'catalogue.title')} · Kiosk Shop`);
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('es');

    // The next visit on this device opens in Spanish; English again forgets the choice.
    await page.reload();
    await expectShownIn(page, 'es');
    await expect(languageMenu(page)).toHaveAccessibleName(
      message('es', 'layout.language', { name: 'Español' }),
    );
    await languageMenu(page).click();
    await header(page).getByRole('button', { name: 'English', exact: true }).click();
    await expectShownIn(page, 'en');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBeNull();
  });

  test('Escape closes the menu; a remembered language that is none of the shop’s is ignored', async ({
    page,
  }) => {
    await showIn(page, 'tlh' as Language);
    await page.goto('/');
    await expectShownIn(page, 'en');
    await languageMenu(page).click();
    await expect(header(page).getByRole('list', { name: 'Languages' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(header(page).getByRole('list', { name: 'Languages' })).toBeHidden();
    await expect(languageMenu(page)).toBeFocused();
  });

  test('Arabic runs right to left: the layout mirrors, prices stay readable', async ({
    page,
    servedCatalogue,
  }) => {
    await showIn(page, 'ar');
    await seedStorage(page, { cart: filledCart(servedCatalogue) });
    await page.goto('/cart');
    await expectShownIn(page, 'ar');
    // The logo starts the header at the right; the cart ends it at the left.
    const logo = await header(page).getByRole('link', { name: 'Kiosk Shop' }).boundingBox();
    const cart = await header(page)
      .getByRole('link', { name: /^السلة/ })
      .boundingBox();
    expect(logo!.x).toBeGreaterThan(cart!.x);
    // Every amount keeps its own left-to-right order: the number and 'US$' whole.
    const amounts = main(page).locator('[data-price]');
    await expect(amounts.first()).toBeVisible();
    for (const amount of await amounts.all()) {
      await expect(amount).toHaveAttribute('dir', 'ltr');
      expect(await amount.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      expect((await amount.textContent())?.replace(/[\u200e\u200f]/g, '')).toMatch(
        /^-?[\d,]+\.\d{2}\sUS\$$/,
      );
    }
  });

  test('a language chosen once is there offline, with the rest of the shop', async ({
    page,
    context,
  }) => {
    await page.goto('/products');
    await expect(main(page).getByRole('article')).toHaveCount(6);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    const network = browserNetwork(context);
    await network.setUp(false);
    await page.reload();
    await languageMenu(page).click();
    await header(page).getByRole('button', { name: 'Deutsch' }).click();
    await expectShownIn(page, 'de');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
      message('de', 'catalogue.heading'),
    );
  });
});

/** Axe and the 44 px targets are checked in each translated language at these sizes. */
const AXE_AND_TOUCH_SIZES: readonly Viewport[] = [VIEWPORTS.phone, VIEWPORTS.kioskPortrait];
/** The long-text check runs at all four design sizes, in these. */
const LONG_TEXTS: readonly Shown[] = ['en-XA', 'de'];

function checksFor(language: Shown, viewport: Viewport): Checks {
  const translated = language !== 'en-XA' && AXE_AND_TOUCH_SIZES.includes(viewport);
  return { axe: translated, touch: translated, longTexts: LONG_TEXTS.includes(language) };
}

for (const language of [...TRANSLATED, 'en-XA'] as const) {
  const name = language === 'en-XA' ? 'the pseudo-locale, 40 % longer' : LANGUAGE_NAMES[language];
  const sizes: SizeChecks[] = (
    LONG_TEXTS.includes(language) ? Object.values(VIEWPORTS) : AXE_AND_TOUCH_SIZES
  ).map((viewport) => ({ viewport, checks: checksFor(language, viewport) }));
  test.describe(`in ${name}`, () => {
    test(`every screen at ${sizesNamed(sizes)}`, async ({ browser, servedCatalogue }) => {
      // Nine screens in one tab, at up to four sizes each; a loaded two-core machine has
      // taken half a minute for one size.
      test.setTimeout(60_000 + sizes.length * 60_000);
      const problems = await problemsOnEveryScreen({
        browser,
        sizes,
        blank: '/favicon.png',
        screens: screensIn(language, servedCatalogue),
        language,
        fullPage: true,
      });
      expect(problems).toEqual([]);
    });
  });
}

test.describe('long texts fit', () => {
  test('the check finds text pushed over other text, and text cut at a box’s edge', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await page.evaluate(() => {
      const heading = document.querySelector('main h1') as HTMLElement;
      heading.style.marginBottom = '-120px';
      const start = document.querySelector<HTMLElement>('main a[href="/products"]')!;
      start.style.overflow = 'hidden';
      start.style.width = '40px';
    });
    const problems = await layoutProblems(page);
    expect(problems.some((p) => p.startsWith('overlapping: h1'))).toBe(true);
    expect(problems.some((p) => p.startsWith('clipped: a "Start Shoping"'))).toBe(true);
  });
});
