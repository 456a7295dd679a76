import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
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

  it('starts the catalogue download on /products when nothing is cached', () => {
    const spy = fetchSpy();
    void prepareDeepLink('/products', CATALOGUE);
    expect(spy).toHaveBeenCalledWith(`${CATALOGUE}/products`, expect.anything());
  });

  it('fetches nothing on other pages, or when a catalogue is cached (spec §7)', () => {
    const spy = fetchSpy();
    for (const path of ['/', '/home', '/about', '/product/3', '/cart', '/checkout', '/nope']) {
      void prepareDeepLink(path, CATALOGUE);
    }
    localStorage.setItem('products', JSON.stringify([makeProduct({ id: 1 })]));
    void prepareDeepLink('/products', 'http://cached.test');
    expect(spy).not.toHaveBeenCalled();
  });
});
