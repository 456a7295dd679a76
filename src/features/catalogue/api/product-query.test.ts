// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch } from '@/test/hanging-fetch';
import { makeProduct } from '@/test/product-fixtures';
import { TIMED_OUT } from './catalogue-client';
import { isProductIdText } from './catalogue-urls';
import { fetchProduct, PRODUCT_FAILED, PRODUCT_MAX_BYTES } from './product-query';

describe('GET /products/{id}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads one product, and calls an empty 200 body a failure', async () => {
    const product = makeProduct({ id: 3 });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(Response.json(product)));
    await expect(fetchProduct('http://catalogue.test', '3')).resolves.toEqual(product);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(new Response('')));
    await expect(fetchProduct('http://catalogue.test', '3')).rejects.toThrow(PRODUCT_FAILED);
  });

  it('reads at most 1 MB of one product', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const product = JSON.stringify(makeProduct({ id: 3 }));
    const padded = (bytes: number) => product + ' '.repeat(bytes - product.length);
    expect(PRODUCT_MAX_BYTES).toBe(1_000_000);
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(new Response(padded(PRODUCT_MAX_BYTES + 1)))
        .mockResolvedValueOnce(new Response(padded(PRODUCT_MAX_BYTES))),
    );
    await expect(fetchProduct('http://catalogue.test', '3')).rejects.toThrow(PRODUCT_FAILED);
    await expect(fetchProduct('http://catalogue.test', '3')).resolves.toMatchObject({ id: 3 });
  });

  it('gives up on a catalogue that does not answer', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    await expect(fetchProduct('http://catalogue.test', '3', undefined, 50)).rejects.toThrow(
      TIMED_OUT,
    );
  });

  it('never puts an id that names no product into a URL', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    for (const id of ['0', '007', '-1', '1.5', '1e3', '..', '%2F', '', '9'.repeat(17)]) {
      expect(isProductIdText(id), id).toBe(false);
      await expect(fetchProduct('http://catalogue.test', id)).rejects.toThrow(PRODUCT_FAILED);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isProductIdText('1')).toBe(true);
    expect(isProductIdText(String(Number.MAX_SAFE_INTEGER))).toBe(true);
  });
});
