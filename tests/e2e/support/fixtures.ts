/**
 * Shared fixtures: console/page error collection (including CSP violations), the catalogue
 * as served by the e2e server (for seeding with image URLs that really load), and the
 * demo catalogue JSON for expected values.
 */
import { test as base, expect } from '@playwright/test';
import { parseCatalogue, type Product } from './catalogue';
import { SERVER_ORIGIN } from './network';

interface TestFixtures {
  /** console.error messages, uncaught page errors and CSP violations seen by `page`. */
  consoleErrors: string[];
  /** Uncaught exceptions only. */
  pageErrors: string[];
}

interface WorkerFixtures {
  /** GET /api/products of the running server, validated. */
  servedCatalogue: Product[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  servedCatalogue: [
    // Playwright requires an object pattern for fixture arguments.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const response = await fetch(`${SERVER_ORIGIN}/api/products`);
      if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
      const json: unknown = await response.json();
      await use(parseCatalogue(json, 'GET /api/products'));
    },
    { scope: 'worker' },
  ],
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(errors);
  },
});

export { expect };

/** The product as served (image URL usable by the browser), for seeding cart lines. */
export function served(catalogue: readonly Product[], id: number): Product {
  const product = catalogue.find((p) => p.id === id);
  if (!product) throw new Error(`served catalogue has no product ${id}`);
  return product;
}
