import { readJson, writeRaw } from '@web-shared/lib/browser-storage';

/**
 * Where the cached catalogue (the spec's `products` key) came from and when, kept beside it
 * under a key of its own so the four spec keys keep their meaning and format. Only the
 * kiosk writes it (the web build keeps spec §7 and its four keys exactly).
 */
export const PRODUCTS_META_KEY = 'products-meta';

export interface ProductsMeta {
  /** "embedded", or the origin of the catalogue the list came from. */
  source: string;
  /** The catalogue URL the list was fetched from: another URL means another list. */
  url: string;
  /** When the list was fetched, ms since the epoch. */
  fetchedAt: number;
}

/**
 * The kiosk's embedded catalogue is answered on the app's own origin (a path such as
 * `/api`); any other is named by its origin, which is what an operator recognises.
 */
export function catalogueSource(catalogueUrl: string): string {
  if (catalogueUrl.startsWith('/')) return 'embedded';
  try {
    return new URL(catalogueUrl).origin;
  } catch {
    return 'embedded';
  }
}

/** The stored meta, or null when missing or not of this shape (then the age is unknown). */
export function readProductsMeta(): ProductsMeta | null {
  const value = readJson(PRODUCTS_META_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const { source, url, fetchedAt } = value as Record<string, unknown>;
  if (typeof source !== 'string' || typeof url !== 'string') return null;
  if (typeof fetchedAt !== 'number' || !Number.isSafeInteger(fetchedAt) || fetchedAt < 0) {
    return null;
  }
  return { source, url, fetchedAt };
}

export function writeProductsMeta(url: string, fetchedAt: number): ProductsMeta {
  const meta: ProductsMeta = { source: catalogueSource(url), url, fetchedAt };
  writeRaw(PRODUCTS_META_KEY, JSON.stringify(meta));
  return meta;
}
