/**
 * The kiosk at arm's length and by touch: big enough type at 1080 px, nothing that selects
 * or zooms on a long press or double tap, a home screen and a cart that fit a portrait
 * screen, and the accessibility mode. Touch targets of 44 px on every screen and in every
 * state are measured in kiosk-a11y.spec.ts, on the states axe sets up there.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  accessibilityButton,
  assertKioskBuilt,
  idlePrompt,
  installBridge,
  openKiosk,
} from '../support/kiosk';
import { cartJson, seedStorage } from '../support/storage';
import { cards, cartLink, header, VIEWPORTS } from '../support/ui';

test.beforeAll(assertKioskBuilt);

const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

test.describe('portrait 1080x1920, read at arm’s length', () => {
  test.use({ viewport: VIEWPORTS.kioskPortrait });

  test('body text is at least 20 px, card descriptions 20 px, card titles 22 px, prices 26 px', async ({
    page,
  }) => {
    await openKiosk(page);
    expect(await fontSize(page, 'body')).toBeGreaterThanOrEqual(20);
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(cards(page)).toHaveCount(6);
    const card = cards(page).first();
    expect(
      await card.getByRole('heading').evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(22);
    // The description is body text at arm's length too (it was 17.5 px).
    const description = card
      .locator('p')
      .filter({ hasText: /\.\.\.$/ })
      .last();
    expect(
      await description.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(20);
    const price = card.getByText(/^\$[\d,]+\.\d\d$/).first();
    expect(
      await price.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(26);
  });

  test('the home screen fills the screen: big category tiles and the pickup steps, no gap', async ({
    page,
  }) => {
    await openKiosk(page);
    const tiles = page.getByRole('region', { name: 'Shop by category' }).getByRole('link');
    await expect(tiles).toHaveCount(4);
    for (const tile of await tiles.all()) {
      const box = (await tile.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(200);
      expect(box.width).toBeGreaterThanOrEqual(400);
    }
    const steps = page.getByRole('region', { name: 'How store pickup works' });
    const box = (await steps.boundingBox())!;
    // The steps end within the first screen, near its bottom: no empty lower half.
    expect(box.y + box.height).toBeLessThanOrEqual(1920);
    expect(box.y + box.height).toBeGreaterThan(1920 * 0.75);
  });

  test('the cart summary and its main action are on the first screen, even with many items', async ({
    page,
    servedCatalogue,
  }) => {
    await seedStorage(page, {
      cart: cartJson(servedCatalogue.slice(0, 8).map((p) => [p, 1] as const)),
    });
    await openKiosk(page);
    await cartLink(page).click();
    const proceed = page.getByRole('link', { name: 'Proceed to Checkout' });
    await expect(proceed).toBeInViewport();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toBeInViewport();
  });

  test('the header and the cart badge stay on screen while scrolling', async ({ page }) => {
    await openKiosk(page);
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(cards(page)).toHaveCount(6);
    await page.mouse.wheel(0, 3000);
    await expect(cartLink(page)).toBeInViewport();
  });

  test('a long press selects nothing and shows no callout; a double tap does not zoom', async ({
    page,
  }) => {
    await openKiosk(page);
    // The kiosk's behaviours (the callout block among them) load after the first page.
    await expect(page.getByRole('button', { name: 'Accessibility mode' })).toBeVisible();
    const styles = await page.evaluate(() => {
      const heading = document.querySelector('h1')!;
      const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      heading.dispatchEvent(menu);
      return {
        select: getComputedStyle(document.body).userSelect,
        // Chromium opens its callout (a context menu) on a long press: it is cancelled.
        callout: menu.defaultPrevented ? 'none' : 'shown',
        touch: getComputedStyle(document.documentElement).touchAction,
        drag: (() => {
          // Any picture the kiosk may show (the landing page has none of its own).
          const picture = document.body.appendChild(document.createElement('img'));
          const drag = getComputedStyle(picture).getPropertyValue('-webkit-user-drag');
          picture.remove();
          return drag;
        })(),
      };
    });
    expect(styles).toEqual({
      select: 'none',
      callout: 'none',
      touch: 'manipulation',
      drag: 'none',
    });
  });
});

test.describe('the attract screen', () => {
  for (const motion of ['no-preference', 'reduce'] as const) {
    test(`its call to action ${motion === 'reduce' ? 'stands still for reduced motion' : 'moves gently'}`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: motion });
      await installBridge(page, { config: { idleTimeoutSeconds: 1, idleCountdownSeconds: 5 } });
      await openKiosk(page);
      const cta = page.getByRole('button', { name: 'Touch to start' });
      await expect(cta).toBeVisible({ timeout: 10_000 });
      const animation = await cta
        .getByText('Touch to start')
        .evaluate((el) => getComputedStyle(el).animationName);
      expect(animation).toBe(motion === 'reduce' ? 'none' : 'attract-breathe');
    });
  }
});

test.describe('accessibility mode', () => {
  test.use({ viewport: VIEWPORTS.kioskPortrait });

  /** Every visible control's top edge, in the page's coordinates. */
  const controlTops = (page: Page) =>
    page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          'a[href], button, input, [role="button"], summary',
        ),
      ]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 1 && box.height > 1 && el.getClientRects().length > 0;
        })
        .map((el) => ({
          name: el.getAttribute('aria-label') ?? el.textContent.trim().slice(0, 30),
          top: el.getBoundingClientRect().top,
        })),
    );

  test('a visible button on every kiosk screen turns it on', async ({ page, servedCatalogue }) => {
    await seedStorage(page, { cart: cartJson([[servedCatalogue[0]!, 1]]) });
    await openKiosk(page);
    await expect(accessibilityButton(page)).toBeVisible();
    await expect(accessibilityButton(page)).toHaveAttribute('aria-pressed', 'false');
    for (const name of ['Products', 'About']) {
      await header(page).getByRole('link', { name, exact: true }).click();
      await expect(accessibilityButton(page)).toBeInViewport();
    }
    await cartLink(page).click();
    await expect(accessibilityButton(page)).toBeInViewport();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(accessibilityButton(page)).toBeInViewport();
  });

  test('larger text, high contrast, and every control in the lower 60 % of the screen', async ({
    page,
  }) => {
    await openKiosk(page);
    const before = await fontSize(page, 'body');
    await accessibilityButton(page).click();
    await expect(accessibilityButton(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await fontSize(page, 'body')).toBeGreaterThanOrEqual(before * 1.15);
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(0, 0, 0)');
    for (const screen of ['Home', 'Products', 'About']) {
      if (screen !== 'Home')
        await header(page).getByRole('link', { name: screen, exact: true }).click();
      const high = (await controlTops(page)).filter((control) => control.top < 1920 * 0.4 - 1);
      expect(high, `controls above the reach line on ${screen}`).toEqual([]);
    }
  });

  test('dialogs open within reach too, and the mode stays on until the idle wipe', async ({
    page,
  }) => {
    await installBridge(page, { config: { idleTimeoutSeconds: 2, idleCountdownSeconds: 5 } });
    await openKiosk(page);
    await accessibilityButton(page).click();
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(accessibilityButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(idlePrompt(page)).toBeVisible({ timeout: 5_000 });
    const box = (await idlePrompt(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(1920 * 0.4);
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible({
      timeout: 10_000,
    });
    await page.getByRole('button', { name: 'Touch to start' }).click();
    await expect(accessibilityButton(page)).toHaveAttribute('aria-pressed', 'false');
  });
});
