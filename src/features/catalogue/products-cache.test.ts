import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFrames } from '@/test/fake-frames';
import { makeProduct } from '@/test/product-fixtures';
import {
  CACHE_AFTER_PAINT_FROM,
  cacheFetchedProducts,
  loadCachedProducts,
  saveCachedProducts,
} from './products-cache';
import { ensureProductsKey, mayHaveCachedProducts, PRODUCTS_KEY } from './products-key';

const shirt = makeProduct({ id: 1 });
const ring = makeProduct({ id: 2, category: 'jewelery' });

describe('the products cache (the spec’s `products` key)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves a fetched catalogue in the original format and loads it back', () => {
    saveCachedProducts([shirt, ring]);
    expect(JSON.parse(localStorage.getItem(PRODUCTS_KEY) ?? '')).toEqual([shirt, ring]);
    expect(loadCachedProducts()).toEqual([shirt, ring]);
  });

  it('treats nothing, an empty list and unreadable values as "not cached" (so the shop fetches)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(loadCachedProducts()).toBeUndefined();
    for (const raw of ['[]', '{not json', '{"a":1}', '42', 'null', '[{"id":"x"}]']) {
      localStorage.setItem(PRODUCTS_KEY, raw);
      expect(loadCachedProducts(), raw).toBeUndefined();
    }
  });

  it('tells, without parsing it, whether a catalogue may be cached', () => {
    expect(mayHaveCachedProducts()).toBe(false);
    for (const raw of ['', ' [] ']) {
      localStorage.setItem(PRODUCTS_KEY, raw);
      expect(mayHaveCachedProducts(), raw).toBe(false);
    }
    // Anything else is for loadCachedProducts to judge; the page then fetches if it must.
    for (const raw of ['{not json', JSON.stringify([shirt])]) {
      localStorage.setItem(PRODUCTS_KEY, raw);
      expect(mayHaveCachedProducts(), raw).toBe(true);
    }
  });

  it('keeps the valid products of a cache with some bad items', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify([shirt, { title: 'no id' }, ring]));
    expect(loadCachedProducts()).toEqual([shirt, ring]);
  });

  it('caches a fetched catalogue at once when small, after the next paint when large', () => {
    fakeFrames();
    try {
      cacheFetchedProducts([shirt, ring]);
      expect(loadCachedProducts()).toEqual([shirt, ring]);

      const large = Array.from({ length: CACHE_AFTER_PAINT_FROM }, (_, i) =>
        makeProduct({ id: i + 1 }),
      );
      cacheFetchedProducts(large);
      expect(loadCachedProducts()).toEqual([shirt, ring]);
      vi.advanceTimersByTime(17);
      vi.runOnlyPendingTimers();
      expect(loadCachedProducts()).toHaveLength(CACHE_AFTER_PAINT_FROM);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not cache an empty catalogue', () => {
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify([shirt]));
    cacheFetchedProducts([]);
    expect(loadCachedProducts()).toEqual([shirt]);
  });

  it('drops a catalogue too large for the quota instead of leaving part of it', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify([shirt]));
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    saveCachedProducts([shirt, ring]);
    setItem.mockRestore();
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
  });

  it('gives a missing or unreadable key its default on start, and leaves a readable one alone', () => {
    ensureProductsKey();
    expect(localStorage.getItem(PRODUCTS_KEY)).toBe('[]');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(PRODUCTS_KEY, '{broken');
    ensureProductsKey();
    expect(localStorage.getItem(PRODUCTS_KEY)).toBe('[]');
    const cached = JSON.stringify([shirt, { junk: true }]);
    localStorage.setItem(PRODUCTS_KEY, cached);
    ensureProductsKey();
    expect(localStorage.getItem(PRODUCTS_KEY)).toBe(cached);
  });
});
