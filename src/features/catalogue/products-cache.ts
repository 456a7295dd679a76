import { afterNextPaint } from '@/lib/after-next-paint';
import { readRaw, removeKey, writeRaw } from '@web-shared/lib/browser-storage';
import { parseProductList, type Product } from '@shared/product-rule';
import { takeCachedProducts } from './api/early-products';
import { mayHaveCachedProducts, PRODUCTS_KEY } from './products-key';

/**
 * The cached catalogue itself: read, validated, written. Only the pages that show products
 * need it, so it comes with their chunk; the first download has only ./products-key.ts.
 */

/** The stored text of the cached catalogue and its products, validated; undefined when there is none worth using. */
export function readCachedProducts(): { raw: string; products: Product[] } | undefined {
  if (!mayHaveCachedProducts()) return undefined;
  const raw = readRaw(PRODUCTS_KEY);
  if (raw === null) return undefined;
  const products = takeCachedProducts(raw) ?? parseProductList(parsed(raw), 'stored products');
  return products && products.length > 0 ? { raw, products } : undefined;
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    console.warn(`[storage] "${PRODUCTS_KEY}" is not valid JSON; using its default`);
    return undefined;
  }
}

/**
 * The cached catalogue, validated; undefined when there is none worth using (spec §7:
 * fetch). What the products page's early cards read of the same text is taken as it is.
 */
export function loadCachedProducts(): Product[] | undefined {
  return readCachedProducts()?.products;
}

/** Caches a fetched catalogue; one too large for the quota is dropped, never left half-written. */
export function saveCachedProducts(products: readonly Product[]): void {
  if (!writeRaw(PRODUCTS_KEY, JSON.stringify(products))) removeKey(PRODUCTS_KEY);
}

/**
 * From this size on, writing the cache (megabytes of JSON: about 70 ms at 10,000 products
 * here) would hold back the first cards, so it waits until they have painted. A smaller
 * catalogue is written at once: it costs under a millisecond, and the cache is then in
 * place as soon as the cards are.
 */
export const CACHE_AFTER_PAINT_FROM = 1000;

/** Caches a catalogue just fetched (spec §7); an empty one is not worth keeping. */
export function cacheFetchedProducts(products: readonly Product[]): void {
  if (products.length === 0) return;
  if (products.length < CACHE_AFTER_PAINT_FROM) saveCachedProducts(products);
  else afterNextPaint(() => saveCachedProducts(products), 1000);
}
