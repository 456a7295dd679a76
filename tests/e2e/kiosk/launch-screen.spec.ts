/**
 * The kiosk's launch screen (src/app/first-screens/launch-screen.ts): once a launch has
 * shown the landing page and the kiosk has been idle a moment, the next launch paints that
 * screen before the app's code has run, in the kiosk's language, and React takes it over
 * without drawing it again or a hydration warning. A tap on it meanwhile is kept for the
 * app, never followed as a link. A launch the kept screen would not match (items in the
 * cart, another config) or a kept screen that is not a landing page's plain markup is never
 * painted: the app renders as it always has. A kept screen React cannot take over is kept
 * afresh; a kiosk touched before it was idle keeps nothing.
 */
import type { Page } from '@playwright/test';
import type { RendererConfig } from '../../../shared/bridge';
import { expect, served, test } from '../support/fixtures';
import { assertKioskBuilt, installBridge, KIOSK_URL } from '../support/kiosk';
import { message, TRANSLATED, type Language } from '../support/messages';
import { cartJson } from '../support/storage';
import { header, main } from '../support/ui';

test.beforeAll(assertKioskBuilt);

/** src/app/first-screens/launch-screen.ts LAUNCH_SCREEN_KEY. */
const KEPT = 'shopLaunchScreen';

/** A launch keeps its screen at its first idle moment after 1.5 s. */
const KEEP_TIMEOUT_MS = 15_000;

const headline = (page: Page, language: Language = 'en') =>
  main(page).getByRole('heading', {
    level: 1,
    name: message(language, 'home.headline'),
    exact: true,
  });

/**
 * From before each page is parsed: the document's state when the headline first appears in
 * the root ('loading': the parser was still at work, so no module of the app had run), and
 * each child of the root taken away (React taking the screen over keeps every one).
 */
async function watchTheRoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe = window as unknown as {
      __paintedWhile?: string;
      __paintedPage?: string;
      __rootRemovals: number;
    };
    probe.__rootRemovals = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id === 'root') {
          probe.__rootRemovals += record.removedNodes.length;
        }
      }
      if (probe.__paintedWhile === undefined && document.querySelector('#root h1')) {
        probe.__paintedWhile = document.readyState;
        const { lang, dir, dataset } = document.documentElement;
        probe.__paintedPage = `${lang} ${dir} ${dataset.target ?? ''}`;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const probed = (page: Page) =>
  page.evaluate(() => {
    const probe = window as unknown as {
      __paintedWhile?: string;
      __paintedPage?: string;
      __rootRemovals: number;
    };
    const { lang, dir, dataset } = document.documentElement;
    return {
      paintedWhile: probe.__paintedWhile ?? null,
      removals: probe.__rootRemovals,
      /** The page's language, direction and build as painted, and as the app has them. */
      paintedPage: probe.__paintedPage ?? null,
      appPage: `${lang} ${dir} ${dataset.target ?? ''}`,
    };
  });

/** The first launch, left alone until it has kept its screen. */
async function launchAndKeep(page: Page, language: Language = 'en'): Promise<void> {
  await page.goto(KIOSK_URL);
  await expect(headline(page, language)).toBeVisible();
  await page.waitForFunction((key) => (localStorage.getItem(key) ?? '').includes('"html"'), KEPT, {
    timeout: KEEP_TIMEOUT_MS,
  });
}

interface Kept {
  html: string;
  [field: string]: unknown;
}

const keptScreen = async (page: Page): Promise<Kept> =>
  JSON.parse((await page.evaluate((key) => localStorage.getItem(key), KEPT)) ?? '{}') as Kept;

/** Changes the kept screen as something with the kiosk's storage in hand could. */
async function changeKept(page: Page, change: (kept: Kept) => Kept): Promise<void> {
  const changed = JSON.stringify(change(await keptScreen(page)));
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: KEPT,
    value: changed,
  });
}

/** React has the landing page's 'Start Shoping' (its props on the element). */
const reactHasTheLink = (page: Page) =>
  page.waitForFunction(() => {
    const link = document.querySelector('main a[href="/products"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps$'));
  });

/** A first launch that keeps its screen, then a relaunch, watched from before it is parsed. */
async function keptThenRelaunched(page: Page): Promise<void> {
  await installBridge(page);
  await launchAndKeep(page);
  await watchTheRoot(page);
  await page.goto(KIOSK_URL);
  await expect(headline(page)).toBeVisible();
}

/** The app has the screen: its 'Start Shoping' opens the catalogue in the same page. */
async function expectTheAppRunning(page: Page, language: Language = 'en'): Promise<void> {
  await reactHasTheLink(page);
  await main(page)
    .getByRole('link', { name: message(language, 'home.start'), exact: true })
    .click();
  await expect(
    main(page).getByRole('heading', { level: 1, name: message(language, 'catalogue.heading') }),
  ).toBeVisible();
  expect(page.url(), 'the app opened it: no page was loaded').toBe(KIOSK_URL);
}

test.describe('the kiosk launch screen', () => {
  test('a relaunch paints the kept screen before the app runs, and React takes it over', async ({
    page,
    consoleErrors,
  }) => {
    await keptThenRelaunched(page);
    await expectTheAppRunning(page);
    const seen = await probed(page);
    expect(seen.paintedWhile, 'painted while the page was still being parsed').toBe('loading');
    expect(seen.paintedPage, 'the page as the app sets it, from the first paint').toBe(
      seen.appPage,
    );
    expect(consoleErrors, 'no hydration warning, no error').toEqual([]);
  });

  test('nothing drawn again: the painted landing page is the one React keeps', async ({
    page,
    consoleErrors,
  }) => {
    await keptThenRelaunched(page);
    await reactHasTheLink(page);
    // The kiosk's own parts (its bar, the idle prompt) are taken over once their code is in.
    await expect(page.getByRole('button', { name: /Accessibility/ })).toBeVisible();
    expect((await probed(page)).removals, 'the painted screen was kept').toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('in each of the kiosk’s languages', async ({ page, consoleErrors }) => {
    for (const language of TRANSLATED) {
      const bridge = await installBridge(page, {
        config: { defaultLanguage: language } satisfies Partial<RendererConfig>,
      });
      await page.goto(KIOSK_URL);
      await page.evaluate(() => localStorage.clear());
      await launchAndKeep(page, language);
      await watchTheRoot(page);
      await page.goto(KIOSK_URL);
      await expect(headline(page, language)).toBeVisible();
      await expectTheAppRunning(page, language);
      const seen = await probed(page);
      expect(seen.paintedWhile, language).toBe('loading');
      // Arabic right to left from the first paint: nothing moves when the app sets it.
      expect(seen.paintedPage, language).toBe(
        `${language} ${language === 'ar' ? 'rtl' : 'ltr'} kiosk`,
      );
      expect(seen.appPage, language).toBe(seen.paintedPage);
      await bridge.dispose();
    }
    expect(consoleErrors, 'no hydration warning, no error').toEqual([]);
  });

  test('a tap on the painted screen before the app runs is kept and applied once it is there', async ({
    page,
    consoleErrors,
  }) => {
    await installBridge(page);
    await launchAndKeep(page);
    // The moment the painted link is there, while the parser still runs: the app's code has
    // not run, and a plain link would load a page of its own.
    await page.addInitScript(
      (name) => {
        new MutationObserver((_records, observer) => {
          const link = [...document.querySelectorAll('#root main a')].find(
            (each) => each.textContent === name,
          );
          if (!link) return;
          observer.disconnect();
          (window as unknown as { __tappedWhile: string }).__tappedWhile = document.readyState;
          (link as HTMLElement).click();
        }).observe(document, { childList: true, subtree: true });
      },
      message('en', 'home.start'),
    );
    await page.goto(KIOSK_URL);
    await expect(
      main(page).getByRole('heading', { level: 1, name: message('en', 'catalogue.heading') }),
    ).toBeVisible();
    expect(page.url(), 'the tap went to the app, not to a page of its own').toBe(KIOSK_URL);
    expect(
      await page.evaluate(() => (window as unknown as { __tappedWhile: string }).__tappedWhile),
    ).toBe('loading');
    expect(consoleErrors).toEqual([]);
  });

  test('a launch it would not match renders as before: items in the cart, another config', async ({
    page,
    servedCatalogue,
    consoleErrors,
  }) => {
    await installBridge(page);
    await launchAndKeep(page);
    await watchTheRoot(page);
    const product = served(servedCatalogue, 1);
    await page.evaluate((cart) => localStorage.setItem('cart', cart), cartJson([[product, 2]]));
    await page.goto(KIOSK_URL);
    await expect(header(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    expect((await probed(page)).paintedWhile, 'items in the cart').not.toBe('loading');

    await page.evaluate(() => localStorage.removeItem('cart'));
    await page.goto(KIOSK_URL);
    await expect(headline(page)).toBeVisible();
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, KEPT, {
      timeout: KEEP_TIMEOUT_MS,
    });
    await installBridge(page, { config: { idleCountdownSeconds: 20 } });
    await page.goto(KIOSK_URL);
    await expect(headline(page)).toBeVisible();
    expect((await probed(page)).paintedWhile, 'another config').not.toBe('loading');
    await expectTheAppRunning(page);
    expect(consoleErrors).toEqual([]);
  });

  const TAMPERED: readonly [string, (html: string) => string][] = [
    ['a script', (html) => html.replace('</main>', '<script>window.__ran = 1</script></main>')],
    ['a handler', (html) => html.replace('<h1 ', '<h1 onmouseover="window.__ran = 1" ')],
    ['an address off the shop', (html) => html.replace('href="/about"', 'href="javascript:1"')],
    ['a host of its own', (html) => html.replace('href="/about"', 'href="//example.com/"')],
    ['an image', (html) => html.replace('</main>', '<img src="https://example.com/x.png"></main>')],
    ['a form sent elsewhere', (html) => html.replace('<form ', '<form action="/x" ')],
  ];

  test('a kept screen that is not plain markup is never painted', async ({
    page,
    consoleErrors,
  }) => {
    await installBridge(page);
    await launchAndKeep(page);
    await watchTheRoot(page);
    const original = await keptScreen(page);
    for (const [what, tamper] of TAMPERED) {
      await changeKept(page, (kept) => ({ ...kept, html: tamper(kept.html) }));
      await page.goto(KIOSK_URL);
      await expect(headline(page)).toBeVisible();
      expect((await probed(page)).paintedWhile, what).not.toBe('loading');
      await changeKept(page, () => original);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('a kept screen React cannot take over is reported, then never painted or kept again for that launch', async ({
    page,
    consoleErrors,
  }) => {
    await installBridge(page);
    await launchAndKeep(page);
    await changeKept(page, (kept) => ({
      ...kept,
      html: kept.html.replace('Everything you love', 'Nothing you love'),
    }));
    await page.goto(KIOSK_URL);
    await expect(headline(page)).toBeVisible();
    await expectTheAppRunning(page);
    expect(consoleErrors.some((error) => /hydrat|418|425/i.test(error))).toBe(true);
    consoleErrors.length = 0;

    // The same launch again: refused, so rendered as it always was, with nothing kept.
    await watchTheRoot(page);
    await page.goto(KIOSK_URL);
    await expect(headline(page)).toBeVisible();
    expect((await probed(page)).paintedWhile).not.toBe('loading');
    // Longer than a launch takes to keep its screen (launchAndKeep).
    await page.waitForTimeout(4000);
    expect(await keptScreen(page)).not.toHaveProperty('html');
    expect(consoleErrors).toEqual([]);

    // Another launch (the operator changes a setting) keeps its own.
    await installBridge(page, { config: { idleCountdownSeconds: 20 } });
    await launchAndKeep(page);
    expect((await keptScreen(page)).html).toContain('Everything you love');
  });

  test('a kiosk touched before it was idle keeps nothing', async ({ page }) => {
    await installBridge(page);
    await page.goto(KIOSK_URL);
    await expect(headline(page)).toBeVisible();
    await page.keyboard.press('Tab');
    // Longer than a launch takes to keep its screen (launchAndKeep).
    await page.waitForTimeout(4000);
    expect(await page.evaluate((key) => localStorage.getItem(key), KEPT)).toBeNull();
  });
});
