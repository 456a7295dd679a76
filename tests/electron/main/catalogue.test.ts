import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DemoCatalogue from '../../../server/catalogue/demo-catalogue';
import { fakeLogger } from '../support/fake-electron';

vi.mock('electron', () => ({}));

const startCatalogueServer = vi.fn<(options: unknown) => void>();
const loadDemoCatalogue = vi.fn<typeof DemoCatalogue.loadDemoCatalogue>();

vi.mock('../../../server/catalogue/catalogue-server', () => ({
  startCatalogueServer: (options: unknown) => {
    startCatalogueServer(options);
  },
}));
vi.mock('../../../server/catalogue/demo-catalogue', async (importOriginal) => {
  const real = await importOriginal<typeof DemoCatalogue>();
  loadDemoCatalogue.mockImplementation(real.loadDemoCatalogue);
  return { ...real, loadDemoCatalogue: (dir?: string) => loadDemoCatalogue(dir) };
});

const { startCatalogue } = await import('../../../electron/main/catalogue');
const RESOURCES = join(process.cwd(), 'resources');

describe('catalogue selection', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('serves the embedded catalogue on the app’s own origin at /api, opening no port', async () => {
    const log = fakeLogger();
    const handle = startCatalogue('', RESOURCES, log);
    expect(loadDemoCatalogue).toHaveBeenCalledWith(RESOURCES);
    expect(startCatalogueServer).not.toHaveBeenCalled();
    expect(handle.url).toBe('/api');
    expect(log.info).toHaveBeenCalledWith('Catalogue: embedded demo catalogue at app://shop/api');
    const response = await handle.api?.(new Request('app://shop/api/products/1'));
    expect(response?.status).toBe(200);
    expect(await response?.json()).toMatchObject({ id: 1, image: '/api/images/1.svg' });
  });

  it('uses the configured host and serves nothing itself', () => {
    const handle = startCatalogue('https://shop.example.com/api', RESOURCES, fakeLogger());
    expect(handle).toEqual({ url: 'https://shop.example.com/api', api: null });
    expect(loadDemoCatalogue).not.toHaveBeenCalled();
    expect(startCatalogueServer).not.toHaveBeenCalled();
  });
});

/**
 * The embedded catalogue answers the app protocol's Requests as a web server would. The
 * demo-catalogue mock above delegates to the real one, so this runs the real catalogue.
 */
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
