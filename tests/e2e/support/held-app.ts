/**
 * The web build's first screens and early cards, seen before the app runs: the app's entry
 * script held in the page's network until released (a service worker would answer it
 * itself: block workers in such tests), and the moment the app has taken the cards over.
 */
import type { Page, Route } from '@playwright/test';

/** Holds the app's entry script until the returned function is called. */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the products page's cards are the app's own, `count` of them (React's props on
 * their buttons), or any of them when no count is given: cards painted before the app runs
 * have none.
 */
export async function appCardsShown(page: Page, count?: number): Promise<void> {
  await page.waitForFunction((wanted) => {
    const buttons = [...document.querySelectorAll('main article button')];
    const apps = buttons.filter((button) =>
      Object.keys(button).some((key) => key.startsWith('__reactProps$')),
    );
    return wanted === undefined ? apps.length > 0 : apps.length === wanted;
  }, count);
}

/**
 * Counts, from before the page is parsed, each time a child of #root is taken away: React
 * taking a screen painted before it runs over keeps every one; drawing the page again
 * replaces them. `rootRemovals` reads the count.
 */
export async function countReplacedScreens(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe = window as unknown as { __rootRemovals: number };
    probe.__rootRemovals = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id === 'root') {
          probe.__rootRemovals += record.removedNodes.length;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export const rootRemovals = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __rootRemovals: number }).__rootRemovals);
