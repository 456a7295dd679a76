import { describe, expect, it } from 'vitest';
import {
  catalogueSource,
  PRODUCTS_META_KEY,
  readProductsMeta,
  writeProductsMeta,
} from './products-meta';

describe('the products meta key', () => {
  it('names the embedded catalogue "embedded" and any other by its origin', () => {
    expect(catalogueSource('/api')).toBe('embedded');
    expect(catalogueSource('https://shop.example:8443/api/v2')).toBe('https://shop.example:8443');
    expect(catalogueSource('http://127.0.0.1:4193/api')).toBe('http://127.0.0.1:4193');
  });

  it('keeps the source, URL and fetch time under products-meta, beside products', () => {
    expect(PRODUCTS_META_KEY).toBe('products-meta');
    writeProductsMeta('https://shop.example/api', 1234);
    expect(JSON.parse(localStorage.getItem('products-meta') ?? 'null')).toEqual({
      source: 'https://shop.example',
      url: 'https://shop.example/api',
      fetchedAt: 1234,
    });
    expect(readProductsMeta()).toEqual({
      source: 'https://shop.example',
      url: 'https://shop.example/api',
      fetchedAt: 1234,
    });
    expect(localStorage.getItem('products')).toBeNull();
  });

  it('reads anything else as no meta (the age is then unknown)', () => {
    for (const raw of [
      'not json',
      '[]',
      'null',
      '{"source":"embedded","url":"/api"}',
      '{"source":"embedded","url":"/api","fetchedAt":-1}',
      '{"source":"embedded","url":"/api","fetchedAt":"5"}',
      '{"source":1,"url":"/api","fetchedAt":5}',
    ]) {
      localStorage.setItem(PRODUCTS_META_KEY, raw);
      expect(readProductsMeta(), raw).toBeNull();
    }
  });
});
