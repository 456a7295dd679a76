import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startCatalogue } from '../../electron/main/catalogue';
import { fakeLogger } from './fake-electron';

vi.mock('electron', () => ({}));

/** The embedded catalogue answers the app protocol's Requests as a web server would. */
describe('the embedded catalogue through the app protocol', () => {
  const { api } = startCatalogue('', join(process.cwd(), 'resources'), fakeLogger());
  const get = async (url: string, init?: RequestInit) => {
    if (!api) throw new Error('no embedded catalogue');
    return api(new Request(url, init));
  };

  it('answers /products with image URLs on the app’s origin, free of any port', async () => {
    const response = await get('app://shop/api/products');
    expect(response.status).toBe(200);
    const products = (await response.json()) as { id: number; image: string }[];
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) expect(product.image).toBe(`/api/images/${product.id}.svg`);
  });

  it('serves each product image as a self-contained SVG', async () => {
    const response = await get('app://shop/api/images/1.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(await response.text()).toMatch(/^<svg /);
  });

  it('answers an unknown path with 404 and a write with 405', async () => {
    expect((await get('app://shop/api/nothing')).status).toBe(404);
    expect((await get('app://shop/api/products', { method: 'POST', body: '{}' })).status).toBe(405);
  });
});
