/**
 * Full-page screenshots of every route at the four design sizes, for people to judge
 * (VISUAL.md). Only with SCREENSHOTS=1; files go to test-results/screenshots/.
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { productById } from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import { cartJson, seedStorage } from '../support/storage';
import { VIEWPORTS, cards } from '../support/ui';

const OUT_DIR = resolve(__dirname, '../../../test-results/screenshots');

const ROUTES: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/home');
      await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
    },
  },
  {
    name: 'about',
    open: async (page) => {
      await page.goto('/about');
      await expect(page.getByRole('heading', { name: 'Secure Shopping' })).toBeVisible();
    },
  },
  {
    name: 'products',
    open: async (page) => {
      await page.goto('/products');
      await expect(cards(page)).toHaveCount(6);
    },
  },
  {
    name: 'product-1',
    open: async (page) => {
      await page.goto('/product/1');
      await expect(
        page.getByRole('heading', { level: 1, name: productById(1).title }),
      ).toBeVisible();
    },
  },
  {
    name: 'cart-filled',
    open: async (page) => {
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    },
  },
  {
    name: 'checkout',
    open: async (page) => {
      await page.goto('/checkout');
      await expect(page.getByRole('button', { name: 'Confirm Purchase !' })).toBeVisible();
    },
  },
  {
    name: 'thank-you',
    open: async (page) => {
      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /thank you/i })).toBeVisible();
    },
  },
  {
    name: 'not-found',
    open: async (page) => {
      await page.goto('/this-route-does-not-exist');
      await expect(
        page.getByRole('heading', { name: "Oh no, this route doesn't exist!" }),
      ).toBeVisible();
    },
  },
];

/** Scrolls through the page so lazy images load, then waits for every image to finish. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete)))
    .toBe(true);
}

test.describe('screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to capture screenshots');

  for (const viewport of Object.values(VIEWPORTS)) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`every route at ${size}`, async ({ page, servedCatalogue }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await seedStorage(page, {
        cart: cartJson([
          [served(servedCatalogue, 1), 2],
          [served(servedCatalogue, 14), 1],
          [served(servedCatalogue, 19), 1],
        ]),
        products: JSON.stringify(servedCatalogue),
      });
      for (const route of ROUTES) {
        await route.open(page);
        await page.waitForLoadState('networkidle');
        await loadLazyImages(page);
        await page.screenshot({
          path: resolve(OUT_DIR, `${route.name}-${size}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }
    });
  }
});
