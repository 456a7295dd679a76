import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import {
  fetchProduct,
  fetchProducts,
  PRODUCT_FAILED,
  startProductsDownload,
  TIMED_OUT,
} from './catalogue-client';

/** A fetch that never answers, like a catalogue behind a dead network, until aborted. */
function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
    });
}

describe('catalogue client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives up on a catalogue that does not answer, with a message the shopper understands', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    await expect(fetchProducts('http://catalogue.test', undefined, 50)).rejects.toThrow(TIMED_OUT);
    await expect(fetchProduct('http://catalogue.test', '3', undefined, 50)).rejects.toThrow(
      TIMED_OUT,
    );
  });

  it('lets a caller cancel without calling it a timeout', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = fetchProducts('http://catalogue.test', controller.signal, 5_000);
    controller.abort();
    await expect(pending).rejects.not.toThrow(TIMED_OUT);
  });

  it('reads one product, and calls an empty 200 body a failure', async () => {
    const product = makeProduct({ id: 3 });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(Response.json(product)));
    await expect(fetchProduct('http://catalogue.test', '3')).resolves.toEqual(product);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(new Response('')));
    await expect(fetchProduct('http://catalogue.test', '3')).rejects.toThrow(PRODUCT_FAILED);
  });

  it('a catalogue download started early answers the next request for it, once', async () => {
    const products = [makeProduct({ id: 1 }), makeProduct({ id: 2 })];
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(Response.json(products)));
    vi.stubGlobal('fetch', fetchMock);
    startProductsDownload('http://early.test');
    startProductsDownload('http://early.test');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(fetchProducts('http://early.test')).resolves.toEqual(products);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Try again, or a later visit: a request of its own.
    await expect(fetchProducts('http://early.test')).resolves.toEqual(products);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an early download that fails or runs out of time reports as the request would', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockRejectedValueOnce(new DOMException('timed out', 'TimeoutError'))
        .mockResolvedValueOnce(new Response('oops', { status: 500 })),
    );
    startProductsDownload('http://late.test');
    await expect(fetchProducts('http://late.test')).rejects.toThrow(TIMED_OUT);
    startProductsDownload('http://late.test');
    await expect(fetchProducts('http://late.test')).rejects.toThrow('Failed to fetch products');
  });
});
