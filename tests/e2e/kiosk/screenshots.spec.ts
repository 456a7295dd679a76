/**
 * Screenshots of every kiosk screen and state (keyboard open, idle prompt, attract screen,
 * receipt, accessibility mode…) at portrait, landscape and phone size, for people to judge.
 * Only with SCREENSHOTS=1; files go to test-results/screenshots/kiosk/.
 */
import { resolve } from 'node:path';
import { test } from '../support/fixtures';
import { assertKioskBuilt } from '../support/kiosk';
import { KIOSK_STATES } from '../support/kiosk-states';
import { VIEWPORTS } from '../support/ui';

const OUT_DIR = resolve(__dirname, '../../../test-results/screenshots/kiosk');

test.beforeAll(assertKioskBuilt);

test.describe('kiosk screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to capture screenshots');

  for (const viewport of [VIEWPORTS.kioskPortrait, VIEWPORTS.kioskLandscape, VIEWPORTS.phone]) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`every kiosk state at ${size}`, async ({ browser, servedCatalogue }) => {
      test.setTimeout(240_000);
      for (const state of KIOSK_STATES) {
        const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
        const page = await context.newPage();
        await state.setup(page, servedCatalogue);
        await page.waitForTimeout(400);
        await page.screenshot({
          path: resolve(OUT_DIR, `${state.name.replaceAll(' ', '-')}-${size}.png`),
          animations: 'disabled',
        });
        await context.close();
      }
    });
  }
});
