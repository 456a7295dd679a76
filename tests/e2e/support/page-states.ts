/**
 * Every route in its loading, error, empty and filled states, shared by the axe scans and
 * the screenshot capture so both look at exactly the same screens.
 */
import type { Page } from '@playwright/test';
import type { demoCatalogue } from './catalogue';
import { productById } from './catalogue';
import { expect, served } from './fixtures';
import { isCatalogueList, isProductDetail } from './network';
import { cartJson, seedStorage } from './storage';
import { cards, main } from './ui';

/** Holds matching requests forever (until the page closes) to show loading states. */
async function hold(page: Page, matcher: (url: URL) => boolean): Promise<void> {
  await page.route(matcher, () => new Promise<void>(() => undefined));
}

export interface PageState {
  name: string;
  setup: (page: Page, catalogue: ReturnType<typeof demoCatalogue>) => Promise<void>;
}

export const filledCart = (catalogue: ReturnType<typeof demoCatalogue>): string =>
  cartJson([
    [served(catalogue, 1), 2],
    [served(catalogue, 14), 1],
  ]);

export const PAGE_STATES: PageState[] = [
  {
    name: 'home',
    setup: async (page) => {
      await page.goto('/home');
      await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
    },
  },
  {
    name: 'about',
    setup: async (page) => {
      await page.goto('/about');
      await expect(page.getByRole('heading', { name: 'Secure Shopping' })).toBeVisible();
    },
  },
  {
    name: 'not found',
    setup: async (page) => {
      await page.goto('/no-such-page');
      await expect(
        page.getByRole('heading', { name: "Oh no, this route doesn't exist!" }),
      ).toBeVisible();
    },
  },
  {
    name: 'products loaded',
    setup: async (page) => {
      await page.goto('/products');
      await expect(cards(page)).toHaveCount(6);
    },
  },
  {
    name: 'products loading',
    setup: async (page) => {
      await hold(page, isCatalogueList);
      await page.goto('/products');
      await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeVisible();
    },
  },
  {
    name: 'products error',
    setup: async (page) => {
      await page.route(isCatalogueList, (route) => route.fulfill({ status: 500, body: '' }));
      await page.goto('/products');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
  },
  {
    name: 'product loaded',
    setup: async (page) => {
      await page.goto('/product/1');
      await expect(
        page.getByRole('heading', { level: 1, name: productById(1).title }),
      ).toBeVisible();
    },
  },
  {
    name: 'product in cart',
    setup: async (page, catalogue) => {
      await seedStorage(page, { cart: filledCart(catalogue) });
      await page.goto('/product/1');
      await expect(page.getByRole('link', { name: 'Buy it now' })).toBeVisible();
    },
  },
  {
    name: 'product loading',
    setup: async (page) => {
      await hold(page, isProductDetail);
      await page.goto('/product/1');
      await expect(page.getByRole('status').filter({ hasText: 'Loading product' })).toBeVisible();
    },
  },
  {
    name: 'product error',
    setup: async (page) => {
      await page.goto('/product/abc');
      await expect(page.getByRole('alert').filter({ hasText: 'Error:' })).toBeVisible();
    },
  },
  {
    name: 'cart empty',
    setup: async (page) => {
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: 'No items in cart' })).toBeVisible();
    },
  },
  {
    name: 'cart filled',
    setup: async (page, catalogue) => {
      await seedStorage(page, { cart: filledCart(catalogue), products: JSON.stringify(catalogue) });
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: 'People also bought' })).toBeVisible();
      await expect(main(page).getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'checkout empty',
    setup: async (page) => {
      await page.goto('/checkout');
      await expect(page.getByRole('link', { name: 'Keep Shoping' })).toBeVisible();
    },
  },
  {
    name: 'checkout filled',
    setup: async (page, catalogue) => {
      await seedStorage(page, { cart: filledCart(catalogue) });
      await page.goto('/checkout');
      await expect(page.getByRole('button', { name: 'Confirm Purchase !' })).toBeVisible();
    },
  },
  {
    name: 'checkout thank-you',
    setup: async (page, catalogue) => {
      await seedStorage(page, { cart: filledCart(catalogue) });
      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /thank you/i })).toBeVisible();
    },
  },
];
