import { existsSync } from 'node:fs';

/**
 * The Chromium that `npm run bench` and the soak drive, and the e2e suite where no headless
 * shell is installed: Debian's full browser (no Playwright browser is downloaded for this
 * project) or CHROMIUM_PATH, with the same switches everywhere.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's build of Chromium's headless shell (package chromium-headless-shell). */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The e2e suite's Chromium. A CHROMIUM_PATH that is set wins. Otherwise the headless shell
 * where it is installed: the same Blink and V8 as the full browser, and what Playwright
 * itself runs for headless tests, but without the full browser's cost per page (on two
 * cores a new page, its load and an axe scan take about half the time), and the suite
 * opens hundreds of fresh pages. The bench keeps the full browser: its figures are the
 * shop as a shopper's browser runs it.
 */
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumMissing(path: string): string {
  return (
    `Chromium was not found at "${path}". Install the Debian "chromium" package ` +
    '(apt-get install chromium) or point CHROMIUM_PATH at a Chromium/Chrome executable. ' +
    'Playwright browsers are not downloaded for this project.'
  );
}
