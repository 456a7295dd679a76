/**
 * The kiosk renderer build opened from disk, as the kiosk-file project tests it, and a
 * stand-in for the Electron preload bridge (window.kiosk) so a test can play the main
 * process: its config (short idle times, staff mode) and its answers.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Disposable, Locator, Page } from '@playwright/test';
import type { CatalogueInfo, PrintResult, RendererConfig } from '../../../shared/bridge';
import { expect } from './fixtures';
import { SERVER_ORIGIN } from './network';

export const KIOSK_INDEX = resolve(__dirname, '../../../out/renderer/index.html');
export const KIOSK_URL = pathToFileURL(KIOSK_INDEX).href;

export function assertKioskBuilt(): void {
  // `npm test` builds the kiosk renderer first, so a missing build is a failure, not a skip.
  if (!existsSync(KIOSK_INDEX)) {
    throw new Error('out/renderer/index.html is missing: run npm run build:e2e first');
  }
}

export async function openKiosk(page: Page): Promise<void> {
  await page.goto(KIOSK_URL);
  await expect(page.getByRole('link', { name: 'Start Shoping' })).toBeVisible();
}

export interface FakeBridge {
  config?: Partial<RendererConfig>;
  print?: PrintResult;
  /** How long the fake printer takes. */
  printMs?: number;
  pin?: string;
  /**
   * The collection number main gives every order, a moment after it is asked (as over IPC);
   * absent: the preload offers none, as before there were numbers.
   */
  collection?: string;
}

/**
 * Installs window.kiosk before the app starts. Calls are recorded in window.__bridgeCalls;
 * window.__staffExit() plays the staff exit chord (see playStaffExit);
 * window.__configChanged(settings) plays main's new settings (see playConfigChange);
 * window.__catalogueRefresh() plays the fleet's refresh-catalogue command, and the
 * catalogue reports land in window.__catalogueReports (see catalogueReports); the activity
 * reports (screen, input, dialog, idle wipe, receipt) in window.__activity (activityReports);
 * asked for a collection number (only when the fake gives one), the call is recorded too.
 * Disposing of what it returns takes the bridge off the page's next documents.
 */
export async function installBridge(page: Page, bridge: FakeBridge = {}): Promise<Disposable> {
  const config: RendererConfig = {
    catalogueUrl: `${SERVER_ORIGIN}/api`,
    mode: 'kiosk',
    idleTimeoutSeconds: 90,
    idleCountdownSeconds: 15,
    catalogueMaxAgeMinutes: 60,
    ...bridge.config,
  };
  return page.addInitScript(
    ({ config, print, printMs, pin, collection }) => {
      const calls: string[] = [];
      const printed: unknown[] = [];
      const listeners: (() => void)[] = [];
      const refreshListeners: (() => void)[] = [];
      const configListeners: ((settings: unknown) => void)[] = [];
      const reports: unknown[] = [];
      const activity: string[] = [];
      Object.assign(window, {
        __bridgeCalls: calls,
        __printedReceipts: printed,
        __catalogueReports: reports,
        __activity: activity,
        __catalogueRefresh: () => {
          for (const listener of refreshListeners) listener();
        },
        __catalogueRefreshListeners: () => refreshListeners.length,
        __configChanged: (settings: unknown) => {
          for (const listener of [...configListeners]) listener(settings);
        },
        __configListeners: () => configListeners.length,
        __staffExit: () => {
          for (const listener of listeners) listener();
        },
        __staffExitListeners: () => listeners.length,
        kiosk: {
          getConfig: () => config,
          onStaffExitRequested: (listener: () => void) => {
            listeners.push(listener);
            return () => listeners.splice(listeners.indexOf(listener), 1);
          },
          submitStaffExitPin: (submitted: string) => {
            calls.push(`pin:${submitted}`);
            // As the main process answers (shared/bridge.ts StaffExitResult); it then quits.
            return Promise.resolve({ status: submitted === pin ? 'accepted' : 'wrong' });
          },
          printReceipt: (receipt: unknown) => {
            calls.push('print');
            printed.push(receipt);
            return new Promise((done) => setTimeout(() => done(print), printMs));
          },
          onConfigChanged: (listener: (settings: unknown) => void) => {
            configListeners.push(listener);
            return () => configListeners.splice(configListeners.indexOf(listener), 1);
          },
          onCatalogueRefresh: (listener: () => void) => {
            refreshListeners.push(listener);
            return () => refreshListeners.splice(refreshListeners.indexOf(listener), 1);
          },
          reportCatalogue: (info: unknown) => {
            reports.push(info);
          },
          // As the preload sends them to main (electron/preload/activity-bridge.ts); input
          // is recorded once, since the preload sends at most one every few seconds.
          reportScreen: (screen: string) => activity.push(`screen:${screen}`),
          reportInput: () => {
            if (!activity.includes('input')) activity.push('input');
          },
          reportDialog: (open: boolean) => activity.push(open ? 'dialog:open' : 'dialog:closed'),
          reportIdleWipe: () => activity.push('idle-wipe'),
          reportReceipt: () => activity.push('receipt'),
          ...(collection === null
            ? {}
            : {
                collectionNumber: (receiptId: string) => {
                  calls.push(`collection:${receiptId}`);
                  return new Promise((done) => setTimeout(() => done(collection), 20));
                },
              }),
        },
      });
    },
    {
      config,
      print: bridge.print ?? { ok: true },
      printMs: bridge.printMs ?? 300,
      pin: bridge.pin ?? '2468',
      collection: bridge.collection ?? null,
    },
  );
}

export async function bridgeCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __bridgeCalls: string[] }).__bridgeCalls);
}

/** The receipts the page handed the bridge to print, in order. */
export async function printedReceipts(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () => (window as unknown as { __printedReceipts: unknown[] }).__printedReceipts,
  );
}

/** What the kiosk reported about its catalogue (shared/bridge.ts CatalogueInfo), in order. */
export async function catalogueReports(page: Page): Promise<CatalogueInfo[]> {
  return page.evaluate(
    () => (window as unknown as { __catalogueReports: CatalogueInfo[] }).__catalogueReports,
  );
}

/** What the page reported to main about its activity, in order (input once). */
export async function activityReports(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __activity: string[] }).__activity);
}

/**
 * Plays the fleet's refresh-catalogue command, as main sends it on CATALOGUE_REFRESH_CHANNEL,
 * once the page listens: the catalogue's freshness is a chunk of its own that can arrive
 * after the first screen on a loaded machine, and a command before that is lost (main sends
 * it again only when the fleet does).
 */
export async function playCatalogueRefresh(page: Page): Promise<void> {
  type RefreshWindow = { __catalogueRefreshListeners: () => number };
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as RefreshWindow).__catalogueRefreshListeners()),
    )
    .toBeGreaterThan(0);
  await page.evaluate(() =>
    (window as unknown as { __catalogueRefresh: () => void }).__catalogueRefresh(),
  );
}

/**
 * Plays main's new settings (a signed remote config, a reload of the files) as the preload
 * hands them to the page through onConfigChanged, once the page listens. Returns the page
 * time they arrived, where a new idle wait counts from.
 */
export async function playConfigChange(page: Page, settings: unknown): Promise<number> {
  type ConfigWindow = {
    __configChanged: (settings: unknown) => void;
    __configListeners: () => number;
  };
  await expect
    .poll(() => page.evaluate(() => (window as unknown as ConfigWindow).__configListeners()))
    .toBeGreaterThan(0);
  return page.evaluate((given) => {
    (window as unknown as ConfigWindow).__configChanged(given);
    return Date.now();
  }, settings);
}

export const keyboard = (page: Page) => page.getByRole('group', { name: 'On-screen keyboard' });

/** Types on the on-screen keyboard, key by key. */
export async function typeOnKeyboard(page: Page, text: string): Promise<void> {
  for (const char of text) {
    const name = char === ' ' ? 'Space' : char;
    await keyboard(page).getByRole('button', { name, exact: true }).click();
  }
}

export const idlePrompt = (page: Page) =>
  page.getByRole('dialog', { name: 'Are you still there?' });
export const attractScreen = (page: Page) => page.getByRole('button', { name: 'Touch to start' });
export const accessibilityButton = (page: Page) =>
  page.getByRole('button', { name: 'Accessibility mode' });

/** The page's (fake) time now. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * Runs `touch` and returns the page time of its pointerdown, where the idle time counts
 * from. Reading the clock after the click instead would be late by however long the click
 * took to return, which on a loaded machine can be more than the margin a test checks.
 */
export async function touchedAt(page: Page, touch: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const record = (): void => {
      (window as Window & { __lastTouch?: number }).__lastTouch = Date.now();
    };
    window.addEventListener('pointerdown', record, { capture: true, once: true });
  });
  await touch();
  const at = await page.evaluate(() => (window as Window & { __lastTouch?: number }).__lastTouch);
  if (at === undefined) throw new Error('the touch sent no pointerdown');
  return at;
}

/**
 * Runs the page's fake clock until `ms` after `since` (a page time). The clock also moves
 * on its own while the test works, so this aims at a point in page time, not a duration.
 */
export async function runUntil(page: Page, since: number, ms: number): Promise<void> {
  const now = await pageNow(page);
  await page.clock.runFor(Math.max(0, since + ms - now));
  await page.waitForTimeout(30);
}

/**
 * A session left alone until the idle prompt shows (in any language): 90.5 s of the fake
 * clock at once, then a second at a time until the prompt is there. The idle watch comes in
 * a lazy chunk; when it arrives after the jump, its count starts after it.
 */
export async function runUntilIdlePrompt(page: Page): Promise<void> {
  await runUntil(page, await pageNow(page), 90_500);
  await runClockUntilShown(page, page.getByRole('dialog'), 100);
}

/**
 * Runs the page's fake clock second by second, letting React render between ticks (its
 * countdown schedules each second from the last render).
 */
export async function runSeconds(page: Page, seconds: number): Promise<void> {
  for (let second = 0; second < seconds; second += 1) {
    await page.clock.runFor(1000);
    await page.waitForTimeout(15);
  }
}

/**
 * Runs the page's fake clock a second at a time until `screen` shows: for a screen the
 * kiosk's idle timers bring (the idle prompt, the attract screen after its countdown),
 * reached as a shopper who walked away reaches it, without waiting out the idle time in
 * real seconds. A second at a time lets React render between ticks, as the countdown
 * schedules each second from the last render; past `maxSeconds` the page's own time,
 * which goes on flowing, still has the expect's timeout to bring it.
 */
export async function runClockUntilShown(
  page: Page,
  screen: Locator,
  maxSeconds = 30,
): Promise<void> {
  for (let second = 0; second < maxSeconds && !(await screen.isVisible()); second += 1) {
    await page.clock.runFor(1000);
    await page.waitForTimeout(15);
  }
  await expect(screen).toBeVisible();
}

/**
 * Plays the staff exit chord once the kiosk listens for it. The kiosk's behaviours are a
 * chunk of their own that arrives after the first screen, and a chord before that is lost,
 * in the app as with the real bridge.
 */
export async function playStaffExit(page: Page): Promise<void> {
  type StaffExitWindow = { __staffExit: () => void; __staffExitListeners: () => number };
  await expect
    .poll(() => page.evaluate(() => (window as unknown as StaffExitWindow).__staffExitListeners()))
    .toBeGreaterThan(0);
  await page.evaluate(() => (window as unknown as StaffExitWindow).__staffExit());
}
