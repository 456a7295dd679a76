import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { catalogueKeys } from './api/catalogue-keys';
import { prefetchProduct } from './api/product-query';
import { prefetchProducts } from './api/products-query';
import { createCatalogueQueryClient } from './catalogue-provider';
import { prefetchCatalogue } from './prefetch-catalogue';
import { PRODUCTS_KEY } from './products-cache';

/** The data layer, as the app loads it (src/app/shop-pages.ts). */
const dataLayer = () =>
  Promise.resolve({ createCatalogueQueryClient, prefetchProducts, prefetchProduct });

const URL = 'http://catalogue.test';
const catalogue = [makeProduct({ id: 1 })];

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    href: link.href,
    as: link.getAttribute('as'),
    crossOrigin: link.crossOrigin,
  }));

/** The app's one client per visit, as src/app/catalogue-cache.tsx makes it. */
function appClient() {
  let made: QueryClient | undefined;
  return (create: () => QueryClient) => (made ??= create());
}

describe('a deep link’s catalogue call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  });

  it('starts at once as a preload the query’s fetch will take, and answers in the app’s client', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(catalogue)));
    vi.stubGlobal('fetch', fetchMock);
    const clientFor = appClient();
    const started = prefetchCatalogue(URL, { page: 'products' }, clientFor, dataLayer);
    expect(preloads()).toEqual([
      { href: `${URL}/products`, as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    await started;
    expect(fetchMock).toHaveBeenCalledWith(`${URL}/products`, expect.anything());
    const client = clientFor(() => {
      throw new Error('no client was made');
    });
    await vi.waitFor(() => expect(client.getQueryData(catalogueKeys.list(URL))).toEqual(catalogue));
  });

  it('asks nothing, and hints nothing, when a catalogue is cached (spec §7)', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify(catalogue));
    await prefetchCatalogue(URL, { page: 'products' }, appClient(), dataLayer);
    expect(preloads()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts a product page’s one call the same way, and never with an id that is not one', async () => {
    const product = makeProduct({ id: 3 });
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(product)));
    vi.stubGlobal('fetch', fetchMock);
    const clientFor = appClient();
    const started = prefetchCatalogue(URL, { page: 'product', id: '3' }, clientFor, dataLayer);
    expect(preloads()).toEqual([
      { href: `${URL}/products/3`, as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    await started;
    const client = clientFor(() => {
      throw new Error('no client was made');
    });
    await vi.waitFor(() =>
      expect(client.getQueryData(catalogueKeys.detail(URL, '3'))).toEqual(product),
    );
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledWith(`${URL}/products/3`, expect.anything());

    await prefetchCatalogue(URL, { page: 'product', id: '..%2F' }, appClient(), dataLayer);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(preloads()).toHaveLength(1);
  });

  it('hints a call once, however often it is asked for', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(Response.json(catalogue))),
    );
    const clientFor = appClient();
    await prefetchCatalogue(URL, { page: 'products' }, clientFor, dataLayer);
    await prefetchCatalogue(URL, { page: 'products' }, clientFor, dataLayer);
    expect(preloads()).toHaveLength(1);
  });
});
