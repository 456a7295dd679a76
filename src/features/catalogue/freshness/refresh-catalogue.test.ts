import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { jsonResponse } from '@/test/render-app';
import { catalogueKeys } from '../api/catalogue-keys';
import { createCatalogueQueryClient } from '../catalogue-provider';
import { readProductsMeta, writeProductsMeta } from './products-meta';
import { readCompleteList, refreshCatalogue, RefreshRefused } from './refresh-catalogue';

const URL = 'https://shop.example/api';
const OLD = [makeProduct({ id: 1, price: 10 }), makeProduct({ id: 2, price: 20 })];
const NEW = [makeProduct({ id: 1, price: 11 }), makeProduct({ id: 2, price: 22 })];

/** A kiosk with the old list cached, stored and shown. */
function kioskWithOldList() {
  localStorage.setItem('products', JSON.stringify(OLD));
  writeProductsMeta(URL, 1000);
  const client = createCatalogueQueryClient();
  client.setQueryData(catalogueKeys.list(URL), OLD);
  client.setQueryData(catalogueKeys.detail(URL, '1'), OLD[0]);
  return client;
}

function expectOldListKept(client: ReturnType<typeof kioskWithOldList>) {
  expect(JSON.parse(localStorage.getItem('products') ?? 'null')).toEqual(OLD);
  expect(readProductsMeta()).toMatchObject({ url: URL, fetchedAt: 1000 });
  expect(client.getQueryData(catalogueKeys.list(URL))).toEqual(OLD);
}

describe('a background catalogue refresh', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('swaps in a complete, valid list: storage, its meta, the query; product pages ask again', async () => {
    const client = kioskWithOldList();
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(jsonResponse(NEW));
    vi.stubGlobal('fetch', fetchMock);
    const { products, meta } = await refreshCatalogue(client, URL, { now: () => 5000 });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${URL}/products`);
    expect(products).toEqual(NEW);
    expect(meta).toEqual({ source: 'https://shop.example', url: URL, fetchedAt: 5000 });
    expect(JSON.parse(localStorage.getItem('products') ?? 'null')).toEqual(NEW);
    expect(readProductsMeta()).toEqual(meta);
    expect(client.getQueryData(catalogueKeys.list(URL))).toEqual(NEW);
    expect(client.getQueryData(catalogueKeys.detail(URL, '1'))).toBeUndefined();
  });

  it.each([
    ['one invalid product among valid ones', [...NEW, { ...makeProduct({ id: 3 }), price: -1 }]],
    ['a repeated id', [...NEW, makeProduct({ id: 2, price: 5 })]],
    ['an empty list', []],
    ['no list', { products: NEW }],
  ])('refuses %s and keeps the old list everywhere', async (_name, body) => {
    const client = kioskWithOldList();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(jsonResponse(body)));
    await expect(refreshCatalogue(client, URL)).rejects.toBeInstanceOf(RefreshRefused);
    expectOldListKept(client);
  });

  it('keeps the old list on a failed call: a non-ok status, a network error', async () => {
    const client = kioskWithOldList();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(jsonResponse(NEW, 503)));
    await expect(refreshCatalogue(client, URL)).rejects.toThrow('Failed to fetch products');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('offline')));
    await expect(refreshCatalogue(client, URL)).rejects.toThrow('offline');
    expectOldListKept(client);
  });

  it('keeps the old list when the browser refuses to store the new one (its quota)', async () => {
    const client = kioskWithOldList();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(jsonResponse(NEW)));
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(refreshCatalogue(client, URL)).rejects.toThrow('could not be stored');
    setItem.mockRestore();
    expectOldListKept(client);
  });

  it('swaps nothing when a shopper arrives before the answer', async () => {
    const client = kioskWithOldList();
    let answer: ((response: Response) => void) | undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const controller = new AbortController();
    const pending = refreshCatalogue(client, URL, { signal: controller.signal });
    await vi.waitFor(() => expect(answer).toBeDefined());
    controller.abort();
    answer?.(jsonResponse(NEW));
    await expect(pending).rejects.toThrow();
    expectOldListKept(client);
  });

  it('says which product made a list incomplete', () => {
    expect(() => readCompleteList([NEW[0], { id: 0 }])).toThrow(/^product 1: id/);
    expect(readCompleteList(NEW)).toEqual(NEW);
  });
});
