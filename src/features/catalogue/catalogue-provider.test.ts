import { afterEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { productQueries } from './api/product-queries';
import { catalogueQueryClient } from './catalogue-provider';
import { PRODUCTS_KEY } from './products-cache';

const URL = 'http://catalogue.test';

describe('the catalogue cache across tabs', () => {
  afterEach(() => catalogueQueryClient.clear());

  it('takes the catalogue another tab fetched, instead of fetching it again', () => {
    const key = productQueries.all(URL).queryKey;
    catalogueQueryClient.setQueryData(key, [makeProduct({ id: 1 })]);
    const fetched = [makeProduct({ id: 1 }), makeProduct({ id: 2 })];
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify(fetched));
    window.dispatchEvent(new StorageEvent('storage', { key: PRODUCTS_KEY }));
    expect(catalogueQueryClient.getQueryData(key)?.map((p) => p.id)).toEqual([1, 2]);
  });

  it('ignores other keys and a copy that is not a catalogue', () => {
    const key = productQueries.all(URL).queryKey;
    catalogueQueryClient.setQueryData(key, [makeProduct({ id: 1 })]);
    localStorage.setItem(PRODUCTS_KEY, '{"not":"a list"}');
    window.dispatchEvent(new StorageEvent('storage', { key: PRODUCTS_KEY }));
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify([makeProduct({ id: 9 })]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(catalogueQueryClient.getQueryData(key)?.map((p) => p.id)).toEqual([1]);
  });
});
