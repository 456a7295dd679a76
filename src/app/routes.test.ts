import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '@/features/catalogue/api/catalogue-keys';
import { makeProduct } from '@/test/product-fixtures';
import { createCatalogueCache } from './catalogue-cache';
import { prepareDeepLink } from './routes';

const CATALOGUE = 'http://catalogue.test';

describe('prepareDeepLink (a deep link’s data, beside its code)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const fetchSpy = () => {
    const spy = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(Response.json([makeProduct({ id: 1 })])));
    vi.stubGlobal('fetch', spy);
    return spy;
  };

  const noClientYet = () => {
    throw new Error('the early download made no client');
  };

  it('starts the catalogue download on /products when nothing is cached, into the app’s query client', async () => {
    const spy = fetchSpy();
    const cache = createCatalogueCache();
    await prepareDeepLink('/products', CATALOGUE, cache);
    expect(spy).toHaveBeenCalledOnce();
    expect(spy).toHaveBeenCalledWith(`${CATALOGUE}/products`, expect.anything());
    const client = cache.client(noClientYet);
    await vi.waitFor(() =>
      expect(client.getQueryData(catalogueKeys.list(CATALOGUE))).toEqual([makeProduct({ id: 1 })]),
    );
  });

  it('starts a product page’s own call on /product/3, and nothing else', async () => {
    const spy = fetchSpy();
    await prepareDeepLink('/product/3', CATALOGUE, createCatalogueCache());
    await vi.waitFor(() => expect(spy).toHaveBeenCalledOnce());
    expect(spy).toHaveBeenCalledWith(`${CATALOGUE}/products/3`, expect.anything());
  });

  it('fetches nothing on other pages, or when a catalogue is cached (spec §7)', async () => {
    const spy = fetchSpy();
    for (const path of ['/', '/home', '/about', '/cart', '/checkout', '/nope']) {
      await prepareDeepLink(path, CATALOGUE, createCatalogueCache());
    }
    localStorage.setItem('products', JSON.stringify([makeProduct({ id: 1 })]));
    const cache = createCatalogueCache();
    await prepareDeepLink('/products', 'http://cached.test', cache);
    expect(spy).not.toHaveBeenCalled();
    expect(
      cache.client(noClientYet).getQueryData(catalogueKeys.list('http://cached.test')),
    ).toEqual([makeProduct({ id: 1 })]);
  });
});
