/**
 * The first download carries only a part of the stylesheet (src/first-screen.css): the
 * utilities of the files in that download. The screens it shows before any chunk arrives
 * (landing, about, not found, the header and its menu, the footer) must look exactly as
 * they do with the whole stylesheet, which the lazy chunks bring. Each screen is styled
 * both ways and every computed style of every element compared: a class used on these
 * screens and missing from first-screen.css fails here.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, served, test } from '../support/fixtures';
import { cartJson, seedStorage } from '../support/storage';
import { VIEWPORTS, header } from '../support/ui';

/** The whole stylesheet's URL, as the page names it for its lazy chunks. */
async function wholeSheet(page: Page): Promise<string> {
  const hints = await page.locator('#shop-early-hints').textContent();
  const parsed = JSON.parse(hints ?? '{}') as { chunks?: { shop?: { styles?: string[] } } };
  const sheet = parsed.chunks?.shop?.styles?.[0];
  if (!sheet) throw new Error('the page names no stylesheet for its lazy chunks');
  return new URL(sheet, page.url()).href;
}

/**
 * Every computed style of every element in the document, with the whole sheet off and then
 * on. Both are taken in one synchronous run, so nothing the page does meanwhile (the idle
 * warm-up adding links to the head) can shift the elements between the two.
 */
function computedStyles(page: Page, sheet: string): Promise<{ alone: string[]; whole: string[] }> {
  return page.evaluate(async (sheet) => {
    let link = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
      (each) => each.href === sheet,
    );
    if (!link) {
      // The idle warm-up has not brought it yet: add it as a chunk would.
      const added = document.createElement('link');
      added.rel = 'stylesheet';
      added.href = sheet;
      await new Promise((resolve, reject) => {
        added.onload = resolve;
        added.onerror = reject;
        document.head.append(added);
      });
      link = added;
    } else if (!link.sheet) {
      // Found while still on its way: its rules exist once it has loaded.
      const loading = link;
      await new Promise((resolve, reject) => {
        loading.addEventListener('load', resolve, { once: true });
        loading.addEventListener('error', reject, { once: true });
      });
    }
    const whole = link.sheet;
    if (!whole) throw new Error('the whole stylesheet did not load');
    const styles = (on: boolean): string[] => {
      whole.disabled = !on;
      const out: string[] = [];
      document.querySelectorAll('*').forEach((element, index) => {
        const style = getComputedStyle(element);
        const where = `${index} ${element.tagName} .${element.getAttribute('class') ?? ''}`;
        for (const name of Array.from(style)) {
          // Custom properties only matter where a property uses them, which is compared;
          // the whole sheet defines more of the theme's, unused here.
          if (name.startsWith('--')) continue;
          out.push(`${where} ${name}: ${style.getPropertyValue(name)}`);
        }
      });
      return out;
    };
    const alone = styles(false);
    return { alone, whole: styles(true) };
  }, sheet);
}

async function expectSameWithoutWholeSheet(page: Page, rest: Locator): Promise<void> {
  // The pointer on text, not a control: a hover state that Chromium re-checks when a sheet
  // changes would otherwise differ between the two looks for reasons of its own.
  await rest.hover();
  const sheet = await wholeSheet(page);
  const { alone, whole } = await computedStyles(page, sheet);
  expect(alone.length).toBeGreaterThan(1000);
  // Only what differs, so a failure names the element and the property.
  const differing = alone.filter((line, index) => line !== whole[index]);
  expect(differing, 'styles that need the whole stylesheet').toEqual([]);
  expect(alone.length).toBe(whole.length);
}

test.describe('the first download’s stylesheet', () => {
  for (const [name, path, heading] of [
    ['the landing page', '/', 'Everything you love, ready when you are'],
    ['the about page', '/about', 'About'],
    ['the not-found page', '/no-such-page', "Oh no, this route doesn't exist!"],
  ] as const) {
    test(`styles ${name} as the whole stylesheet does`, async ({ page, servedCatalogue }) => {
      // A cart, so the header's badge shows.
      await seedStorage(page, { cart: cartJson([[served(servedCatalogue, 1), 2]]) });
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      await expectSameWithoutWholeSheet(page, title);
    });
  }

  test('styles the phone’s menu, open, as the whole stylesheet does', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/');
    await header(page).getByRole('button', { name: /menu/i }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    // Past its slide-in, so no style is caught half-way.
    await page.waitForTimeout(400);
    await expectSameWithoutWholeSheet(page, menu.getByText('Menu', { exact: true }));
  });
});
