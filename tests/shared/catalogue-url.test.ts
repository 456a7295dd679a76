import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEB_CATALOGUE_URL,
  isUsableCatalogueUrl,
  normaliseCatalogueUrl,
  webCatalogueUrl,
} from '../../shared/catalogue-url';

describe('the catalogue URL rule', () => {
  it('trims spaces and trailing slashes, so `${url}/products` is always right', () => {
    expect(normaliseCatalogueUrl('  https://shop.example/api///  ')).toBe(
      'https://shop.example/api',
    );
  });

  it('builds the web shop against the public FakeStore API unless told otherwise', () => {
    expect(webCatalogueUrl(undefined)).toBe(DEFAULT_WEB_CATALOGUE_URL);
    expect(webCatalogueUrl('   ')).toBe('https://fakestoreapi.com');
    expect(webCatalogueUrl('https://catalogue.example/')).toBe('https://catalogue.example');
  });

  it('lets the renderer fetch from its own origin or over http(s) only', () => {
    expect(isUsableCatalogueUrl('/api')).toBe(true);
    expect(isUsableCatalogueUrl('https://catalogue.example')).toBe(true);
    expect(isUsableCatalogueUrl('//evil.example')).toBe(false);
    expect(isUsableCatalogueUrl('javascript:alert(1)')).toBe(false);
    expect(isUsableCatalogueUrl('ftp://files.example')).toBe(false);
  });
});
