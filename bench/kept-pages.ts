/**
 * Our worker's kept pages (src/service-worker/sw.ts, docs/web/returning-visits.md), as the
 * bench reads them from a page of the origin.
 */
import type { Page } from '@playwright/test';

/** How long a first visit waits at most for its page to be kept. */
export const KEEP_TIMEOUT_MS = 15_000;

/** The addresses (path and query) the worker keeps a page for. */
export function keptAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((cache) => cache.startsWith('shop-kept-'));
    if (!name) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url)).map((url) => url.pathname + url.search);
  });
}

/**
 * Waits until the worker keeps a page for `path` (the shop keeps a page once it has been
 * shown a moment), or `timeoutMs` have passed: whether it did.
 */
export async function waitForKeptPage(
  page: Page,
  path: string,
  timeoutMs = KEEP_TIMEOUT_MS,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await keptAddresses(page)).includes(path)) return true;
    if (Date.now() > deadline) return false;
    await page.waitForTimeout(200);
  }
}
