/**
 * The one normaliser of catalogue URLs, used by the kiosk's config, the renderer and the
 * web build: trimmed and without trailing slashes, so `${url}/products` is always right.
 */
export function normaliseCatalogueUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, '');
}

/** An absolute http(s) URL (the kiosk's config needs one). */
export function isAbsoluteHttpUrl(url: string): boolean {
  if (!/^https?:\/\/[^/]/i.test(url)) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** What the renderer can fetch from: a root-relative path ('/api', same origin) or http(s). */
export function isUsableCatalogueUrl(url: string): boolean {
  return (url.startsWith('/') && !url.startsWith('//')) || isAbsoluteHttpUrl(url);
}

/** The web build talks to the public FakeStore API unless told otherwise. */
export const DEFAULT_WEB_CATALOGUE_URL = 'https://fakestoreapi.com';

/**
 * The catalogue a web build calls: the one it is built with (VITE_CATALOGUE_URL), else the
 * public FakeStore API. The build and the nginx headers ask here, so they always agree.
 */
export function webCatalogueUrl(configured: string | undefined): string {
  return normaliseCatalogueUrl(configured ?? '') || DEFAULT_WEB_CATALOGUE_URL;
}
