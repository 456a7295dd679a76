import type { QueryClient } from '@tanstack/react-query';
import { readProduct, type Product } from '@shared/product-rule';
import { writeRaw } from '@web-shared/lib/browser-storage';
import { CATALOGUE_TIMEOUT_MS, getCatalogueJson } from '../api/catalogue-client';
import { catalogueKeys } from '../api/catalogue-keys';
import { PRODUCTS_FAILED, PRODUCTS_MAX_BYTES } from '../api/products-query';
import { productsUrl } from '../api/catalogue-urls';
import { PRODUCTS_KEY } from '../products-key';
import { writeProductsMeta, type ProductsMeta } from './products-meta';

/** A list that cannot replace the cached one, and why (one line for the log and the fleet). */
export class RefreshRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefreshRefused';
  }
}

/**
 * The whole list, or why not. Unlike a shopper's first fetch, which drops a bad item and
 * shows the rest, a refresh replaces a list that works: it must be complete, so one bad or
 * repeated product refuses all of it, and an empty list is no catalogue.
 */
export function readCompleteList(value: unknown): Product[] {
  if (!Array.isArray(value)) throw new RefreshRefused('the catalogue answered with no list');
  if (value.length === 0) throw new RefreshRefused('the catalogue answered with an empty list');
  const ids = new Set<number>();
  return value.map((item: unknown, index) => {
    const product = readProduct(item);
    if (typeof product === 'string') throw new RefreshRefused(`product ${index}: ${product}`);
    if (ids.has(product.id)) throw new RefreshRefused(`product ${index}: id ${product.id} again`);
    ids.add(product.id);
    return product;
  });
}

export interface Refreshed {
  products: Product[];
  meta: ProductsMeta;
}

/**
 * Fetches the catalogue in the background and swaps it in only when the whole list is
 * valid and stored: the `products` key first (a browser refusing it, e.g. for its quota,
 * leaves the old value in place), then its meta, then the app's query, so the next
 * shopper's pages show it. Any failure leaves the old list everywhere and rejects.
 */
export async function refreshCatalogue(
  client: QueryClient,
  catalogueUrl: string,
  { signal, now = Date.now }: { signal?: AbortSignal; now?: () => number } = {},
): Promise<Refreshed> {
  const body = await getCatalogueJson(
    productsUrl(catalogueUrl),
    PRODUCTS_FAILED,
    signal,
    CATALOGUE_TIMEOUT_MS,
    PRODUCTS_MAX_BYTES,
  );
  const products = readCompleteList(body);
  // A shopper arrived while the answer came: their session keeps the list they found.
  signal?.throwIfAborted();
  if (!writeRaw(PRODUCTS_KEY, JSON.stringify(products))) {
    throw new RefreshRefused('the new list could not be stored');
  }
  const meta = writeProductsMeta(catalogueUrl, now());
  client.setQueryData(catalogueKeys.list(catalogueUrl), products);
  // A product page kept from before would show the old price; the next visit asks (spec §7).
  client.removeQueries({ queryKey: catalogueKeys.details() });
  return { products, meta };
}
