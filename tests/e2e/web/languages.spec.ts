/**
 * The web shop in every language: English first and as the spec writes it, the header's
 * menu to choose another (remembered on the device, under a key of its own), `<html lang
 * dir>`, Arabic right to left with readable prices, axe and 44 px targets in each
 * language, a language that works offline once the shop has been visited, and the
 * long-text layout check: the pseudo-locale (40 % longer, accented) and German at the four
 * design sizes, with no text clipped or overlapping. Their screenshots go to
 * test-results/screenshots/languages/ for people to look at.
 */
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { Product } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { layoutProblems } from '../support/layout-check';
import { LANGUAGE_NAMES, message, TRANSLATED, type Language } from '../support/messages';
import { isCatalogueList } from '../support/network';
import { browserNetwork } from '../support/offline';
import { cartJson, seedStorage, STORAGE_KEYS } from '../support/storage';
import { undersizedInEveryState } from '../support/touch-targets';
import { header, main, VIEWPORTS } from '../support/ui';

const OUT_DIR = resolve(__dirname, '../../../test-results/screenshots/languages');
const LANGUAGE_KEY = 'shopLanguage';

/** The pseudo-locale: every English text accented and 40 % longer, never offered. */
type Shown = Language | 'en-XA';

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

interface State {
  name: string;
  setup: (page: Page, catalogue: Product[], language: Shown) => Promise<void>;
}

/** The screens, found by their structure rather than their words. */
const STATES: readonly State[] = [
  {
    name: 'home',
    setup: async (page) => {
      await page.goto('/');
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    name: 'about',
    setup: async (page) => {
      await page.goto('/about');
      await expect(main(page).getByRole('heading', { level: 2 })).toHaveCount(3);
    },
  },
  {
    name: 'products',
    setup: async (page) => {
      await page.goto('/products');
      await expect(main(page).getByRole('article')).toHaveCount(6);
    },
  },
  {
    name: 'products error',
    setup: async (page) => {
      await page.route(isCatalogueList, (route) => route.fulfill({ status: 500, body: '' }));
      await page.goto('/products');
      await expect(main(page).getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'product',
    setup: async (page, catalogue) => {
      await seedStorage(page, { cart: filledCart(catalogue) });
      await page.goto('/product/1');
      await expect(main(page).locator('[data-price]').first()).toBeVisible();
    },
  },
  {
    name: 'cart',
    setup: async (page, catalogue) => {
      await seedStorage(page, { cart: filledCart(catalogue), products: JSON.stringify(catalogue) });
      await page.goto('/cart');
      await expect(main(page).getByRole('article')).toHaveCount(3);
    },
  },
  {
    name: 'checkout',
    setup: async (page, catalogue) => {
      await seedStorage(page, { cart: filledCart(catalogue) });
      await page.goto('/checkout');
      await expect(main(page).getByRole('listitem')).toHaveCount(2);
    },
  },
  {
    name: 'receipt',
    setup: async (page, catalogue, language) => {
      await seedStorage(page, { cart: filledCart(catalogue) });
      await page.goto('/checkout');
      // The pseudo-locale's words are English's, accented: its one button is in ⟦ ⟧.
      const confirm = language === 'en-XA' ? /⟦/ : message(language, 'checkout.confirm');
      await main(page).getByRole('button').filter({ hasText: confirm }).click();
      await expect(main(page).getByText(/^Receipt-\d{13}-\d{1,3}$/)).toBeVisible();
    },
  },
  {
    name: 'not found',
    setup: async (page) => {
      await page.goto('/no-such-page');
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
];

async function expectShownIn(page: Page, language: Shown): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
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

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

for (const language of TRANSLATED) {
  test.describe(`in ${LANGUAGE_NAMES[language]}`, () => {
    test('axe finds nothing on any screen, at phone and kiosk sizes', async ({
      browser,
      servedCatalogue,
    }) => {
      test.setTimeout(180_000);
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.kioskPortrait]) {
        for (const state of STATES) {
          const context = await browser.newContext({ viewport });
          const page = await context.newPage();
          await showIn(page, language);
          await state.setup(page, servedCatalogue, language);
          await expectShownIn(page, language);
          expect(await axeViolations(page), `${state.name} at ${viewport.width}`).toEqual([]);
          await context.close();
        }
      }
    });

    test('every touch target is 44 px or more on every screen', async ({
      browser,
      servedCatalogue,
    }) => {
      test.setTimeout(120_000);
      const states = STATES.map((state) => ({
        name: state.name,
        setup: async (page: Page, catalogue: Product[]) => {
          await showIn(page, language);
          await state.setup(page, catalogue, language);
        },
      }));
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.kioskPortrait]) {
        expect(await undersizedInEveryState(browser, viewport, states, servedCatalogue)).toEqual(
          [],
        );
      }
    });
  });
}

/** Scrolls through the page so lazy images load, then back to the top. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 50));
    }
    window.scrollTo(0, 0);
  });
}

async function layoutAtEverySize(
  browser: Browser,
  catalogue: Product[],
  language: Shown,
): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of Object.values(VIEWPORTS)) {
    const size = `${viewport.width}x${viewport.height}`;
    for (const state of STATES) {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await showIn(page, language);
      await state.setup(page, catalogue, language);
      await expectShownIn(page, language);
      await loadLazyImages(page);
      problems.push(...(await layoutProblems(page)).map((p) => `${state.name} at ${size}: ${p}`));
      await page.screenshot({
        path: resolve(OUT_DIR, `${language}-${state.name.replaceAll(' ', '-')}-${size}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await context.close();
    }
  }
  return problems;
}

test.describe('long texts fit', () => {
  test('the pseudo-locale, 40 % longer, at 375×812, 1366×768, 1080×1920 and 1920×1080', async ({
    browser,
    servedCatalogue,
  }) => {
    test.setTimeout(240_000);
    expect(await layoutAtEverySize(browser, servedCatalogue, 'en-XA')).toEqual([]);
  });

  test('German, at the same four sizes', async ({ browser, servedCatalogue }) => {
    test.setTimeout(240_000);
    expect(await layoutAtEverySize(browser, servedCatalogue, 'de')).toEqual([]);
  });

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
