import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { catalogueKeys } from './api/catalogue-keys';
import { prefetchCatalogue } from './prefetch-catalogue';
import { PRODUCTS_KEY } from './products-cache';

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
    const started = prefetchCatalogue(URL, clientFor);
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
    await prefetchCatalogue(URL, appClient());
    expect(preloads()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
