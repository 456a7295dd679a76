/**
 * Headless Debian Chromium (no Playwright browser is downloaded here), started with the same
 * switches as the e2e suite so figures are comparable with what the tests see.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
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

/** The device a traced load runs on: its screen, and how much slower its CPU is. */
export interface Device {
  name: string;
  viewport: { width: number; height: number };
  /** 1: this machine's CPU; 4: four times slower (Chromium's CPU throttling). */
  cpuSlowdown: number;
}

export const LAPTOP_DEVICE: Device = { name: 'laptop', viewport: LAPTOP, cpuSlowdown: 1 };
/** A mid-range phone, as Lighthouse's mobile profile has it: a small screen, a CPU 4× slower. */
export const PHONE_DEVICE: Device = {
  name: 'phone (375×812, CPU 4× slower)',
  viewport: { width: 375, height: 812 },
  cpuSlowdown: 4,
};

/** Slows the page's CPU as `device` says (nothing for a slowdown of 1). */
export async function emulateCpu(page: Page, device: Device): Promise<void> {
  if (device.cpuSlowdown === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: device.cpuSlowdown });
}

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
