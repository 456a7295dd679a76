/**
 * A real FakeStore-shaped catalogue serves its images from a CDN host, not its API's.
 * They must show (img-src allows any https host), with `<img src>` left as the catalogue
 * gave it, while nothing else may be fetched from such a host (connect-src stays the
 * catalogue's).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { fulfilJson, isCatalogueList } from '../support/network';
import { cards } from '../support/ui';

const CDN = 'https://images.cdn-example.test';

async function catalogueOnACdn(page: Page, catalogue: { id: number }[]): Promise<string[]> {
  const products = catalogue.map((product) => ({
    ...product,
    image: `${CDN}/products/${product.id}.svg`,
  }));
  await fulfilJson(page, isCatalogueList, products);
  await page.route(`${CDN}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60"><rect width="60" height="60" fill="#4a78a8"/></svg>',
    }),
  );
  return products.map((product) => product.image);
}

test.describe('a catalogue whose images live on another https host', () => {
  // The fake CDN exists only in page.route, which never sees a service worker's fetches; once
  // the web build's worker controls the page it would ask the real network for it. The
  // worker's own image cache is proven in offline.spec.ts.
  test.use({ serviceWorkers: 'block' });

  test('shows every image, with the catalogue’s own URL as src', async ({
    page,
    consoleErrors,
    servedCatalogue,
  }) => {
    const urls = await catalogueOnACdn(page, servedCatalogue);
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByText('Image unavailable')).toHaveCount(0);
    const images = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLImageElement>('main img')].map((img) => ({
          src: img.src,
          loaded: img.complete && img.naturalWidth > 0,
        })),
      );
    // The cards below the top row render, and ask for their images, after the first paint.
    await expect.poll(async () => (await images()).filter((image) => image.loaded).length).toBe(6);
    const shown = await images();
    expect(shown).toHaveLength(6);
    for (const image of shown) expect(urls).toContain(image.src);
    expect(consoleErrors.filter((line) => line.includes('CSP'))).toEqual([]);
  });

  test('but nothing else may be fetched from that host', async ({ page, servedCatalogue }) => {
    await catalogueOnACdn(page, servedCatalogue);
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(6);
    const blocked = await page.evaluate(async (cdn) => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(event.violatedDirective),
      );
      try {
        await fetch(`${cdn}/steal?data=cart`);
        return { fetched: true, violations };
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { fetched: false, violations };
      }
    }, CDN);
    expect(blocked.fetched).toBe(false);
    expect(new Set(blocked.violations)).toEqual(new Set(['connect-src']));
  });
});
