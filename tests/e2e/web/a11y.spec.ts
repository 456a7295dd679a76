/**
 * Accessibility: axe (WCAG 2.0/2.1 A+AA) on every route and state at phone and kiosk sizes,
 * keyboard reachability, visible focus, touch target size and no horizontal scrolling.
 * Axe and the 44 px sweep share each state's setup where both are made.
 */
import type { Locator, Page } from '@playwright/test';
import { appCardsShown } from '../support/held-app';
import { axeViolations } from '../support/axe';
import { demoCatalogue, type Product } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { filledCart, PAGE_STATES } from '../support/page-states';
import { seedStorage } from '../support/storage';
import { resizeTo, sizeOf, type Viewport } from '../support/resize';
import { VIEWPORTS, card, cards, categoryButton, header, main, searchBox } from '../support/ui';
import { undersizedInEveryState, undersizedTargets } from '../support/touch-targets';

async function expectNoViolations(page: Page, state: string): Promise<void> {
  expect(await axeViolations(page), `axe violations in ${state}`).toEqual([]);
}

/** The sizes axe and the 44 px sweep run at, in order: a state opens at the first. */
const AXE_SIZES = [
  ['phone', VIEWPORTS.phone],
  ['kiosk', VIEWPORTS.kioskPortrait],
] as const;

test.describe('axe and every touch target', () => {
  // Each state is set up once, at the phone's size, and checked there; the window is then
  // resized to the kiosk's and the state checked again (support/resize.ts): a route's
  // markup does not depend on the size, only its styles do.
  test.describe(
    AXE_SIZES.map(([size, viewport]) => `${size} ${sizeOf(viewport)}`).join(', '),
    () => {
      test.use({ viewport: AXE_SIZES[0][1] });
      for (const state of PAGE_STATES) {
        test(`no violations, no target under 44x44 px: ${state.name}`, async ({
          page,
          servedCatalogue,
        }) => {
          await state.setup(page, servedCatalogue);
          for (const [size, viewport] of AXE_SIZES) {
            await resizeTo(page, viewport);
            // Soft, so a state with both kinds of problem, at either size, shows them all.
            expect
              .soft(await axeViolations(page), `axe violations in ${state.name} at ${size}`)
              .toEqual([]);
            expect
              .soft(
                await undersizedTargets(page),
                `targets under 44x44 px in ${state.name} at ${size}, title links included`,
              )
              .toEqual([]);
          }
        });
      }
      test('no violations: mobile menu open (phone)', async ({ page }) => {
        await page.goto('/home');
        await header(page).getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        await expectNoViolations(page, 'mobile menu at phone');
      });
    },
  );

  test('the scan finds what it is there for: a button with no name, text too faint to read', async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    // Through the CSSOM: the page's policy refuses style attributes in markup.
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const faint = document.createElement('p');
      faint.textContent = 'faint';
      faint.style.color = '#ddd';
      faint.style.background = '#fff';
      const button = document.createElement('button');
      button.type = 'button';
      main.prepend(button, faint);
    });
    const rules = (await axeViolations(page)).map((violation) => violation.split(' ')[0]);
    expect(rules).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
  });
});

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Presses Tab until `target` has focus; returns the number of presses or -1. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<number> {
  for (let i = 1; i <= max; i += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return i;
  }
  return -1;
}

async function hasVisibleFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      style.outlineColor !== 'transparent';
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || ring;
  });
}

test.describe('keyboard', () => {
  test('Tab reaches the search box, the categories and a card’s Add to Cart, with visible focus', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(6);
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    for (const target of [
      searchBox(page),
      categoryButton(page, 'All'),
      categoryButton(page, 'Electronics'),
      card(page, demoCatalogue()[0]!).getByRole('button', { name: 'Add to Cart' }),
    ]) {
      expect(await tabTo(page, target), `Tab reaches ${target.toString()}`).toBeGreaterThan(0);
      expect(await hasVisibleFocus(target), `${target.toString()} shows focus`).toBe(true);
    }
  });

  test('Enter on a focused Add to Cart adds the product', async ({ page }) => {
    await page.goto('/products');
    // The app's card: a painted one's keyboard is early-cards.spec.ts's, and a painted
    // button focused as the app replaces it would leave focus on no button at all.
    await appCardsShown(page);
    const button = card(page, demoCatalogue()[0]!).getByRole('button', { name: 'Add to Cart' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(header(page).getByRole('link', { name: /^Cart, 1 items?$/ })).toBeVisible();
  });

  test('the skip link is the first Tab stop, 44 px tall, and moves focus to the main content', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(6);
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveText('Skip to content');
    await expect(focused).toBeVisible();
    expect((await focused.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await hasVisibleFocus(focused)).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        main(page).evaluate(
          (m) => m === document.activeElement || m.contains(document.activeElement),
        ),
      )
      .toBe(true);
  });

  test('header links and the cart link show visible focus', async ({ page }) => {
    await page.goto('/home');
    for (const target of [
      header(page).getByRole('link', { name: 'Products', exact: true }),
      header(page).getByRole('link', { name: /^Cart, / }),
    ]) {
      expect(await tabTo(page, target)).toBeGreaterThan(0);
      expect(await hasVisibleFocus(target)).toBe(true);
    }
  });
});

/** Buttons and main links (not inline text links) must be at least 44x44 px. */
async function smallTargets(page: Page): Promise<string[]> {
  const targets = [
    ...(await page.getByRole('button').all()),
    ...(await header(page).getByRole('link').all()),
    ...(await main(page)
      .getByRole('link', {
        name: /^(Start Shoping|Learn more|Proceed to Checkout|Continue Shopping|Keep Shoping|Buy it now|Back to Home)$/,
      })
      .all()),
  ];
  const small: string[] = [];
  for (const target of targets) {
    if (!(await target.isVisible())) continue;
    const box = await target.boundingBox();
    if (!box) continue;
    if (box.width < 44 || box.height < 44) {
      const name = (await target.getAttribute('aria-label')) ?? (await target.innerText());
      small.push(
        `${name.trim() || '(unnamed)'}: ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
    }
  }
  return small;
}

/**
 * With a cart in storage, opens each route once, at the first size, and measures it at each
 * size in turn: the routes' markup does not change with the size, only their styles.
 */
async function measureEachRoute(
  page: Page,
  catalogue: Product[],
  paths: readonly string[],
  viewports: readonly Viewport[],
  measure: (path: string, viewport: Viewport, index: number) => Promise<void>,
): Promise<void> {
  await seedStorage(page, { cart: filledCart(catalogue), products: JSON.stringify(catalogue) });
  for (const path of paths) {
    await resizeTo(page, viewports[0]!);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const [index, viewport] of viewports.entries()) {
      await resizeTo(page, viewport);
      await measure(path, viewport, index);
    }
  }
}

test.describe('touch targets', () => {
  const sizes = [
    ['phone', VIEWPORTS.phone],
    ['kiosk', VIEWPORTS.kioskPortrait],
  ] as const;
  test(`buttons and main links are at least 44x44 px (${sizes.map(([size]) => size).join(', ')})`, async ({
    page,
    servedCatalogue,
  }) => {
    const problems: string[] = [];
    await measureEachRoute(
      page,
      servedCatalogue,
      ['/home', '/products', '/product/1', '/cart', '/checkout', '/nowhere'],
      sizes.map(([, viewport]) => viewport),
      async (path, _viewport, index) => {
        const size = sizes[index]![0];
        problems.push(...(await smallTargets(page)).map((p) => `${path} ${p} (${size})`));
      },
    );
    // The phone's menu, opened there.
    await resizeTo(page, VIEWPORTS.phone);
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // Its links are there once it shows (its code may still be on its way).
    await expect(menu.getByRole('link')).toHaveCount(3);
    for (const link of await menu.getByRole('link').all()) {
      const box = await link.boundingBox();
      if (box && (box.width < 44 || box.height < 44)) {
        problems.push(
          `menu ${await link.innerText()}: ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });
});

// At phone and kiosk sizes every target is measured beside axe, on the states it sets up.
test.describe('every touch target', () => {
  test('is at least 44x44 px on every route and state, title links included (laptop)', async ({
    page,
    browser,
    servedCatalogue,
  }) => {
    test.setTimeout(180_000);
    await page.close();
    expect(
      await undersizedInEveryState(browser, VIEWPORTS.laptop, PAGE_STATES, servedCatalogue),
    ).toEqual([]);
  });
});

test.describe('no horizontal scroll', () => {
  const sizes = [
    VIEWPORTS.phone,
    VIEWPORTS.laptop,
    VIEWPORTS.kioskLandscape,
    VIEWPORTS.kioskPortrait,
  ] as const;
  test(`no route scrolls sideways at ${sizes.map(({ width }) => `${width}px`).join(', ')}`, async ({
    page,
    servedCatalogue,
  }) => {
    const wide: string[] = [];
    await measureEachRoute(
      page,
      servedCatalogue,
      ['/', '/about', '/products', '/product/1', '/cart', '/checkout', '/x'],
      sizes,
      async (path, viewport) => {
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) {
          wide.push(`${path} at ${viewport.width}px: ${scrollWidth} > ${innerWidth}`);
        }
      },
    );
    expect(wide).toEqual([]);
  });
});
