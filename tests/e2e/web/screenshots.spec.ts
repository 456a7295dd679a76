/**
 * Full-page screenshots of every route at the four design sizes, for people to judge
 * (VISUAL.md). Only with SCREENSHOTS=1; files go to test-results/screenshots/.
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { PAGE_STATES } from '../support/page-states';
import { VIEWPORTS } from '../support/ui';

const OUT_DIR = resolve(__dirname, '../../../test-results/screenshots');

/** The states worth a picture: every route, filled, plus the empty and failure screens. */
const SHOT_STATES = [
  'home',
  'about',
  'products loaded',
  'products error',
  'product loaded',
  'product in cart',
  'cart empty',
  'cart filled',
  'checkout filled',
  'checkout thank-you',
  'not found',
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
    test(`every route at ${size}`, async ({ browser, servedCatalogue }) => {
      test.setTimeout(180_000);
      for (const state of PAGE_STATES.filter((candidate) => SHOT_STATES.includes(candidate.name))) {
        // A fresh context per state: each state seeds its own storage.
        const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
        const page = await context.newPage();
        await state.setup(page, servedCatalogue);
        await page.waitForLoadState('networkidle');
        await loadLazyImages(page);
        await page.screenshot({
          path: resolve(OUT_DIR, `${state.name.replaceAll(' ', '-')}-${size}.png`),
          fullPage: true,
          animations: 'disabled',
        });
        await context.close();
      }
    });
  }
});
