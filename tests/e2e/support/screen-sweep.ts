/**
 * Every screen of a list checked in one language at each of its sizes, in one tab: axe, the
 * 44 px targets, and the long-text check with its screenshot, each on the screens and at the
 * sizes it is due.
 *
 * A fresh browser context per screen cost more than the checks made there: a new renderer,
 * and axe's 0.5 MB parsed again in it. So the screens share a tab, emptied between them:
 * the last screen's routes and init scripts removed, a document of the same origin that
 * runs no app opened, and local and session storage cleared there. Each screen then opens
 * as on a first visit, with only the storage it declares. Service workers are blocked, so
 * nothing a screen leaves in a worker's caches serves the next. A screen that fakes the
 * page's clock gets a tab of its own, as a clock once installed cannot be removed.
 *
 * A screen is opened once, at the first size, and checked there; the window is then resized
 * to each further size and the screen checked again, as a shopper's window or a rotated
 * screen resizes it. The screens' markup does not depend on the size (only their styles
 * do, and what the app renders first on a phone settles to the same page), so each size's
 * checks see the screen as opening it there shows it, without opening it again.
 */
import { resolve } from 'node:path';
import type { Browser, Disposable, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { layoutProblems } from './layout-check';
import type { Shown } from './messages';
import { resizeTo, sizeOf, type Viewport } from './resize';
import { undersizedTargets } from './touch-targets';
import { expectShownIn } from './ui';

/** Where the long-text pass leaves its screenshots, for people to look at. */
const SCREENSHOTS = resolve(__dirname, '../../../test-results/screenshots/languages');

/** What is checked on every screen in one language at one size. */
export interface Checks {
  axe: boolean;
  touch: boolean;
  /** No text clipped or overlapping, and a screenshot for people to look at. */
  longTexts: boolean;
}

export const CHECK_NAMES: Readonly<Record<keyof Checks, string>> = {
  axe: 'axe finds nothing',
  touch: 'every touch target is 44 px or more',
  longTexts: 'long texts fit',
};

/** The checks' names, joined for a test's title. */
export const namesOf = (checks: Checks): string =>
  (Object.keys(CHECK_NAMES) as (keyof Checks)[])
    .filter((check) => checks[check])
    .map((check) => CHECK_NAMES[check])
    .join(', ');

export { sizeOf, type Viewport };

/** A size the screens are checked at, and what is checked there. */
export interface SizeChecks {
  viewport: Viewport;
  checks: Checks;
}

/** The sizes and their checks, for a test's title: '375x812 (axe finds nothing), …'. */
export const sizesNamed = (sizes: readonly SizeChecks[]): string =>
  sizes.map(({ viewport, checks }) => `${sizeOf(viewport)} (${namesOf(checks)})`).join(', ');

export interface SweptScreen {
  name: string;
  /** Local storage before the screen opens, key by key; nothing else is kept. */
  storage?: Readonly<Record<string, string>>;
  /** The screen runs on the page's fake clock (page.clock), installed before it opens. */
  clock?: boolean;
  /**
   * Opens the screen and waits for it. What it hands `later` (an init script's handle) is
   * disposed of before the next screen opens.
   */
  show: (page: Page, later: (disposable: Disposable) => void) => Promise<void>;
}

export interface Sweep {
  browser: Browser;
  /** In order: each screen opens at the first, then the window is resized to each next. */
  sizes: readonly SizeChecks[];
  /** An address of the screens' origin that runs no app, where storage is cleared. */
  blank: string;
  screens: readonly SweptScreen[];
  /** Every screen must be shown in it (`<html lang dir>`). */
  language: Shown;
  /** Put before the screenshots' names: the kiosk's own are `kiosk-…`. */
  screenshotPrefix?: string;
  /** The whole page rather than the window, after its lazy images are scrolled in. */
  fullPage?: boolean;
}

/** Scrolls through the page so lazy images load, then back to the top. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 50));
    }
    window.scrollTo(0, 0);
  });
}

/** Leaves the tab on `blank` with `storage` alone in local storage and nothing in session. */
async function emptyTab(
  page: Page,
  blank: string,
  storage: Readonly<Record<string, string>>,
): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto(blank);
  await page.evaluate((entries) => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    for (const [key, value] of entries) window.localStorage.setItem(key, value);
  }, Object.entries(storage));
}

/** The checks due at one size, on the screen as it stands, each problem named by where. */
async function problemsAt(
  sweep: Sweep,
  page: Page,
  screen: SweptScreen,
  { viewport, checks }: SizeChecks,
): Promise<string[]> {
  const size = sizeOf(viewport);
  const where = `${screen.name} in ${sweep.language} at ${size}`;
  const found: string[] = [];
  if (checks.axe) found.push(...(await axeViolations(page)).map((v) => `axe: ${v}`));
  if (checks.touch) {
    found.push(...(await undersizedTargets(page)).map((t) => `under 44 px: ${t}`));
  }
  if (checks.longTexts) {
    if (sweep.fullPage) await loadLazyImages(page);
    found.push(...(await layoutProblems(page)));
    await page.screenshot({
      path: resolve(
        SCREENSHOTS,
        `${sweep.screenshotPrefix ?? ''}${sweep.language}-${screen.name.replaceAll(' ', '-')}-${size}.png`,
      ),
      fullPage: sweep.fullPage ?? false,
      animations: 'disabled',
    });
  }
  return found.map((problem) => `${where}: ${problem}`);
}

async function problemsOn(sweep: Sweep, page: Page, screen: SweptScreen): Promise<string[]> {
  const [first, ...further] = sweep.sizes;
  if (!first) return [];
  await emptyTab(page, sweep.blank, screen.storage ?? {});
  await resizeTo(page, first.viewport);
  const disposables: Disposable[] = [];
  try {
    await screen.show(page, (disposable) => disposables.push(disposable));
    await expectShownIn(page, sweep.language, `${screen.name} in ${sweep.language}`);
    const found = await problemsAt(sweep, page, screen, first);
    for (const size of further) {
      await resizeTo(page, size.viewport);
      found.push(...(await problemsAt(sweep, page, screen, size)));
    }
    return found;
  } finally {
    for (const disposable of disposables) await disposable.dispose();
  }
}

/** Every problem found on every screen, each named by its screen, language and size. */
export async function problemsOnEveryScreen(sweep: Sweep): Promise<string[]> {
  const tabs = new Map<boolean, Page>();
  const tabFor = async (clock: boolean): Promise<Page> => {
    const open = tabs.get(clock);
    if (open) return open;
    const context = await sweep.browser.newContext({
      viewport: sweep.sizes[0]?.viewport ?? null,
      serviceWorkers: 'block',
      // The long-text pass looks at screens standing still, as its screenshots show them.
      ...(sweep.sizes.some(({ checks }) => checks.longTexts)
        ? { reducedMotion: 'reduce' as const }
        : {}),
    });
    const page = await context.newPage();
    if (clock) await page.clock.install();
    tabs.set(clock, page);
    return page;
  };
  const problems: string[] = [];
  try {
    for (const screen of sweep.screens) {
      problems.push(...(await problemsOn(sweep, await tabFor(screen.clock ?? false), screen)));
    }
  } finally {
    await Promise.all([...tabs.values()].map((page) => page.context().close()));
  }
  return problems;
}
