import { readJson, readRaw, writeRaw } from '@web-shared/lib/browser-storage';

/**
 * The catalogue's cache in local storage under the spec's `products` key (a JSON array of
 * FakeStore products, as the original shop wrote it). The catalogue feature alone owns it.
 */
export const PRODUCTS_KEY = 'products';

/**
 * Whether a catalogue may be cached, without reading megabytes of it: false only when
 * the key is missing or holds the empty default, where the catalogue will surely be fetched.
 */
export function mayHaveCachedProducts(): boolean {
  const raw = readRaw(PRODUCTS_KEY)?.trim();
  return raw !== undefined && raw !== '' && raw !== '[]';
}

/**
 * On start, a missing or unreadable key gets the spec's default (an empty list), as every
 * key of the shop's state does; a readable cache is left as it is (it can be megabytes).
 */
export function ensureProductsKey(): void {
  if (!Array.isArray(readJson(PRODUCTS_KEY))) writeRaw(PRODUCTS_KEY, '[]');
}
