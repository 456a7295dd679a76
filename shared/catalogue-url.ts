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
