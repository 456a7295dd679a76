/** Locators by role and visible text (ui contract + spec); no class selectors. */
import { expect, type Locator, type Page } from '@playwright/test';
import { cardTitle, escapeRegExp, type Product } from './catalogue';
import type { Shown } from './messages';

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  laptop: { width: 1366, height: 768 },
  kioskPortrait: { width: 1080, height: 1920 },
  kioskLandscape: { width: 1920, height: 1080 },
} as const;

export const header = (page: Page): Locator => page.getByRole('banner');

/** The page is in `language`: `<html lang dir>`, right to left for Arabic alone. */
export async function expectShownIn(page: Page, language: Shown, where?: string): Promise<void> {
  await expect(page.locator('html'), where).toHaveAttribute('lang', language);
  await expect(page.locator('html'), where).toHaveAttribute(
    'dir',
    language === 'ar' ? 'rtl' : 'ltr',
  );
}
export const footer = (page: Page): Locator => page.getByRole('contentinfo');
export const main = (page: Page): Locator => page.getByRole('main');

export const cartLink = (page: Page): Locator =>
  header(page).getByRole('link', { name: /^Cart, [\d,]+ items?$/ });

/** The badge and its name show the total quantity with thousands separators ('1,000'). */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  const shown = count.toLocaleString('en-US');
  await expect(cartLink(page)).toHaveAccessibleName(new RegExp(`^Cart, ${shown} items?$`));
  await expect(cartLink(page)).toContainText(shown);
}

/** A product card (article) found by its truncated title heading. */
export const card = (page: Page | Locator, product: Product): Locator =>
  page.getByRole('article').filter({
    has: page.getByRole('heading', { name: cardTitle(product), exact: true }),
  });

export const cards = (page: Page): Locator => main(page).getByRole('article');

export const pagination = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Pagination' });

/**
 * The pagination shows `current / total`, and the page has stopped moving. A page change
 * glides to the catalogue's heading once the new page is painted and the browser has a
 * moment (200 ms at most); a click whose press and release straddle the glide releases over
 * another element, and no click happens. So the page must hold still for longer than that
 * wait: the heading's place is watched, which also covers the kiosk's own scroller.
 */
export async function expectPage(page: Page, current: number, total: number): Promise<void> {
  await expect(pagination(page).getByText(`${current} / ${total}`, { exact: true })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((done) => {
            const top = (): number =>
              document.querySelector('main h1')?.getBoundingClientRect().top ?? 0;
            const before = top();
            setTimeout(() => done(top() - before), 400);
          }),
      ),
    )
    .toBe(0);
}

export const searchBox = (page: Page): Locator => page.getByPlaceholder('Search Mockups, Logos...');

export const categoryButton = (page: Page, label: string): Locator =>
  page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: label, exact: true });

/** A cart line: a list item of the main area holding the product's full title and Remove. */
export const cartLine = (page: Page, product: Product): Locator =>
  main(page)
    .getByRole('listitem')
    .filter({ hasText: product.title })
    .filter({ has: page.getByRole('button', { name: 'Remove' }) });

export const cartLines = (page: Page): Locator =>
  main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Remove' }) });

export const orderSummary = (page: Page): Locator =>
  page.getByRole('region', { name: 'Order summary' });

/** Asserts a label followed by an amount (e.g. 'Tax $2.40') in the rendered text of `scope`. */
export async function expectRow(scope: Locator, label: string, amount: string): Promise<void> {
  await expect(scope).toContainText(
    new RegExp(
      `${escapeRegExp(label)}(\\s*\\([^)]*\\))?\\s*:?\\s*[-−]?\\s*${escapeRegExp(amount)}`,
    ),
    { useInnerText: true },
  );
}

export const quantityBox = (scope: Page | Locator): Locator =>
  scope.getByRole('textbox', { name: 'Quantity' });
export const increase = (scope: Page | Locator): Locator =>
  scope.getByRole('button', { name: 'Increase quantity' });
export const decrease = (scope: Page | Locator): Locator =>
  scope.getByRole('button', { name: 'Decrease quantity' });

export const errorAlert = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: /Error: / });

/**
 * A struck-through "was" price: the visible amount, optionally preceded by visually hidden
 * text for screen readers such as 'Was ' or 'Original price: '.
 */
export const struckPrice = (scope: Page | Locator, amount: string): Locator =>
  scope.getByText(new RegExp(`^([A-Za-z :]*\\s)?${escapeRegExp(amount)}$`));

/** True when the text of `locator` is struck through (inside s/del or line-through). */
export async function isStruck(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (node.tagName === 'S' || node.tagName === 'DEL') return true;
      if (getComputedStyle(node).textDecorationLine.includes('line-through')) return true;
    }
    return false;
  });
}

/** Every product image on screen has really loaded (no fallback tile). */
export async function expectImagesShown(page: Page): Promise<void> {
  await expect(page.getByText('Image unavailable')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('main img')].every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}
