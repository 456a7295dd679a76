import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { catalogueKeys } from './api/catalogue-keys';
import { prefetchProduct } from './api/product-query';
import { prefetchProducts, readyCachedProducts } from './api/products-query';
import { createCatalogueQueryClient } from './catalogue-provider';
import { prefetchCatalogue, readyCachedCatalogue } from './prefetch-catalogue';
import { PRODUCTS_KEY } from './products-key';

/** The data layer, as the app loads it (src/app/shop-pages.ts). */
const dataLayer = () =>
  Promise.resolve({
    createCatalogueQueryClient,
    prefetchProducts,
    prefetchProduct,
    readyCachedProducts,
  });

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

describe('the cached catalogue, readied while the shop is idle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is in the app’s client before any page asks, read from storage, never fetched', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify(catalogue));
    const clientFor = appClient();
    await expect(readyCachedCatalogue(URL, clientFor, dataLayer)).resolves.toBe(true);
    const client = clientFor(() => {
      throw new Error('no client was made');
    });
    expect(client.getQueryData(catalogueKeys.list(URL))).toEqual(catalogue);
    expect(client.getQueryState(catalogueKeys.list(URL))?.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads nothing and makes no client when nothing is cached: the page fetches (spec §7)', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const loadDataLayer = vi.fn(dataLayer);
    const clientFor = vi.fn(appClient());
    await expect(readyCachedCatalogue(URL, clientFor, loadDataLayer)).resolves.toBe(false);
    expect(loadDataLayer).not.toHaveBeenCalled();
    expect(clientFor).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves a stored catalogue the product rule refuses unread, for the page to fetch anew', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(PRODUCTS_KEY, '[{"id":"not a product"}]');
    const clientFor = appClient();
    await expect(readyCachedCatalogue(URL, clientFor, dataLayer)).resolves.toBe(false);
    const client = clientFor(() => {
      throw new Error('no client was made');
    });
    expect(client.getQueryData(catalogueKeys.list(URL))).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never rejects when the data layer cannot load', async () => {
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify(catalogue));
    await expect(
      readyCachedCatalogue(URL, appClient(), () => Promise.reject(new Error('offline'))),
    ).resolves.toBe(false);
  });
});
