/**
 * The kiosk renderer from disk after a relaunch, against the limit: a kiosk's window opens
 * its build's index.html from disk (as tests/e2e/kiosk opens it, the preload bridge stood in
 * for) a second time, and its first screen, the landing page, is timed against a static page
 * of that very screen as it painted (limit-page.ts), opened from disk the same way, in
 * alternating pairs. Portrait 1080×1920, as it stands. The landing page reads nothing of
 * the catalogue, so the kiosk is given none to reach (its build may only call the bench's
 * own host).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { LAUNCH_SCREEN_KEY } from '../../src/app/first-screens/launch-screen';
import { installBridge, KIOSK_URL } from '../../tests/e2e/support/kiosk';
import { RENDERER_DIR } from '../bench-server';
import { freshContext, KIOSK_PORTRAIT } from '../chromium';
import { inPairs, progress, type PairedFigure } from '../compare';
import { open, probedLoad } from '../load-timings';
import { initScript, installLoadProbe, type LoadTarget } from '../page-probes';
import { staticReturning } from './limit-figures';
import { paintedHtml, writeLimitPage } from './limit-page';

const LOAD_TIMEOUT_MS = 120_000;
/** The landing page's heading: the kiosk's first screen. */
export const KIOSK_FIRST_SCREEN: LoadTarget = {
  kind: 'heading',
  text: 'Everything you love, ready when you are',
};

/** How long a first launch may take to keep its screen for the next (at its first idle moment). */
const KEEP_TIMEOUT_MS = 15_000;

/**
 * The kiosk's first launch: the landing page shown, and kept for the next launch
 * (src/app/first-screens/launch-screen.ts), as a kiosk that has run for a moment has it.
 * The window is then loaded again.
 */
async function firstLaunch(page: Page): Promise<void> {
  await page.goto(KIOSK_URL);
  await page
    .getByRole('link', { name: 'Start Shoping', exact: true })
    .waitFor({ timeout: LOAD_TIMEOUT_MS });
  await page.waitForLoadState('load');
  await page.waitForFunction(
    (key) => window.localStorage.getItem(key) !== null,
    LAUNCH_SCREEN_KEY,
    { timeout: KEEP_TIMEOUT_MS },
  );
}

/** Relaunch → the landing page painted, ms; with `keep`, its HTML as painted too. */
async function relaunch(
  browser: Browser,
  catalogueUrl: string,
  keep?: (html: string) => void,
): Promise<number> {
  const context = await freshContext(browser, KIOSK_PORTRAIT);
  try {
    const page = await context.newPage();
    // The bridge's stand-in is a function of this file's, which tsx compiles with esbuild's
    // `__name(…)` around named inner functions: the page needs it to run the stand-in.
    await page.addInitScript('globalThis.__name = (target) => target;');
    await installBridge(page, { config: { catalogueUrl } });
    await page.addInitScript(initScript(installLoadProbe, KIOSK_FIRST_SCREEN));
    await firstLaunch(page);
    const time = await probedLoad(page, open(page, KIOSK_URL));
    if (keep) {
      await page.waitForLoadState('load');
      keep(await paintedHtml(page));
    }
    return time;
  } finally {
    await context.close();
  }
}

/** The kiosk's first screen from disk after a relaunch ÷ the static page of it, from disk. */
export async function kioskFirstScreen(
  browser: Browser,
  catalogueUrl: string,
  pairs: number,
): Promise<PairedFigure> {
  const label = 'kiosk from disk, relaunched: first screen';
  const done = progress(label);
  const dir = mkdtempSync(join(tmpdir(), 'bench-kiosk-limit-'));
  try {
    let html: string | undefined;
    await relaunch(browser, catalogueUrl, (painted) => {
      html = painted;
    });
    if (html === undefined) throw new Error('the kiosk’s first screen was not kept');
    const limitUrl = pathToFileURL(writeLimitPage(html, RENDERER_DIR, dir, 'index.html')).href;
    const samples = await inPairs(
      pairs,
      () => relaunch(browser, catalogueUrl),
      () => staticReturning(browser, limitUrl, KIOSK_FIRST_SCREEN, KIOSK_PORTRAIT),
    );
    done();
    return { id: 'kiosk-first-screen', label, unit: 'ms', ...samples, against: 'static page' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
