/**
 * The demo catalogue's drawings as the shop service serves them to the pick screen: the
 * drawing the kiosk's embedded catalogue shows for the same product, as an image that can
 * run nothing, and only for the names of that catalogue's products.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogueApp } from '../../../../server/catalogue/catalogue-app';
import { loadDemoCatalogue } from '../../../../server/catalogue/demo-catalogue';
import {
  createDemoImageRoutes,
  DEMO_IMAGE_HEADERS,
} from '../../../../services/shop/demo-images/demo-image-routes';
import { demoImagePath } from '../../../../shared/fleet/orders/order-line-image';

const routes = createDemoImageRoutes();

describe('the demo catalogue’s drawings at /pick/images', () => {
  it('serves the very drawing the kiosk’s embedded catalogue shows, as an image that runs nothing', async () => {
    const kiosk = createCatalogueApp({
      products: loadDemoCatalogue(),
      basePath: '/api',
      publicOrigin: null,
    });
    const shown = await kiosk.request('/api/images/3.svg');
    const served = await routes.request(demoImagePath(3));
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(await shown.text());
    expect(served.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const policy = served.headers.get('content-security-policy') ?? '';
    expect(policy).toBe(DEMO_IMAGE_HEADERS['Content-Security-Policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('sandbox');
    expect(policy).not.toMatch(/script-src/);
  });

  it('answers 404 to any other name, a path that tries to leave included', async () => {
    const ids = loadDemoCatalogue().map((product) => product.id);
    const missing = Math.max(...ids) + 1;
    for (const path of [
      `/pick/images/${missing}.svg`,
      '/pick/images/0.svg',
      '/pick/images/03.svg',
      '/pick/images/3.SVG',
      '/pick/images/3.png',
      '/pick/images/3.svg.png',
      '/pick/images/3',
      '/pick/images/-3.svg',
      '/pick/images/1e3.svg',
      '/pick/images/..%2F..%2Fpackage.json',
      '/pick/images/%2e%2e%2fproducts.json',
      '/pick/images/../../resources/catalogue/products.json',
      '/pick/images/products.json',
      '/pick/images/',
      '/pick/images/3.svg/x',
    ]) {
      const answer = await routes.request(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type') ?? '', path).not.toMatch(/svg/);
    }
  });

  it('draws nothing when the demo catalogue cannot be read', async () => {
    const none = createDemoImageRoutes(() => []);
    expect((await none.request(demoImagePath(3))).status).toBe(404);
  });
});
