/**
 * The Chromium the e2e suite and `npm run bench` drive: Debian's (no Playwright browser is
 * downloaded for this project) or CHROMIUM_PATH, with the same switches, so the bench's
 * figures come from the browser the tests see.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
