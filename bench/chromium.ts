/**
 * Headless Debian Chromium (no Playwright browser is downloaded here), started with the same
 * switches as the e2e suite so figures are comparable with what the tests see.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumMissing } from '../tools/browser/chromium';

export { CHROMIUM_PATH };

const ARGS = [
  ...CHROMIUM_ARGS,
  // The kiosk renderer is opened from disk; headless Chromium refuses file:// modules otherwise.
  '--allow-file-access-from-files',
];

/** `extraArgs`: switches of one bench mode (the cross-origin run's resolver and certificate). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(chromiumMissing(CHROMIUM_PATH));
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...ARGS, ...extraArgs],
    headless: true,
  });
}

export const LAPTOP = { width: 1366, height: 768 } as const;
export const KIOSK_PORTRAIT = { width: 1080, height: 1920 } as const;

/** A fresh context: empty HTTP cache, storage and service workers, like a first visit. */
export function freshContext(
  browser: Browser,
  viewport: { width: number; height: number } = LAPTOP,
  blockWorkers = false,
): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
    ...(blockWorkers ? { serviceWorkers: 'block' as const } : {}),
  });
}
