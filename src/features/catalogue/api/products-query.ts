import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Product } from '@shared/product-rule';
import { useCatalogueUrl } from '@/platform/capabilities-context';
import { cacheFetchedProducts, loadCachedProducts } from '../products-cache';
import { catalogueKeys } from './catalogue-keys';
import { productsUrl } from './catalogue-urls';
import { startEarly, useRetryOnMount } from './early-answers';
import { takeEarlyCall } from './early-products';
import { fetchProducts } from './fetch-products';

export { fetchProducts, PRODUCTS_FAILED, PRODUCTS_MAX_BYTES } from './fetch-products';

/**
 * GET {catalogue host}/products (spec §7): its fetcher, its query and its hooks. The path
 * of a catalogue fetch: productsQuery → cached? (products-cache) → else the catalogue
 * (catalogue-client) → the product rule (shared/product-rule) → cached for next time.
 */

type FetchedListener = (baseUrl: string, products: readonly Product[]) => void;
const fetchedListeners = new Set<FetchedListener>();

/**
 * Told of every list the products page fetched and cached (spec §7), so the kiosk can note
 * where and when it came from. Nothing listens in the web build. Returns an unsubscribe.
 */
export function onProductsFetched(listener: FetchedListener): () => void {
  fetchedListeners.add(listener);
  return () => fetchedListeners.delete(listener);
}

/**
 * The whole catalogue. Spec §7: fetched only when local storage holds no cached products,
 * so the cache is the query's initial data, it never goes stale, and a fetch (a Try again,
 * a later visit) takes a catalogue another tab cached meanwhile rather than asking again.
 */
export const productsQuery = (baseUrl: string) =>
  queryOptions({
    queryKey: catalogueKeys.list(baseUrl),
    queryFn: async ({ signal }) => {
      const cached = loadCachedProducts();
      if (cached) return cached;
      // The page's early cards may have made this call already: their answer is this one.
      const early = takeEarlyCall<Product[]>(productsUrl(baseUrl));
      const products = await (early ?? fetchProducts(baseUrl, signal));
      cacheFetchedProducts(products);
      for (const listener of fetchedListeners) listener(baseUrl, products);
      return products;
    },
    initialData: loadCachedProducts,
    staleTime: Infinity,
  });

/**
 * Starts the products page's catalogue call early, through the app's query client: a deep
 * link to /products fetches while the page's code downloads, not after its first render.
 * Nothing is fetched when a catalogue is cached. Never rejects: a failure is the query's,
 * for the page to show. (`query` with errors swallowed is React Query's `prefetchQuery`,
 * which this version deprecates in its favour.)
 */
export function prefetchProducts(client: QueryClient, baseUrl: string): Promise<void> {
  const options = productsQuery(baseUrl);
  return startEarly(client, options.queryKey, () => client.query(options));
}

/**
 * Makes the products query from the cached catalogue before a page asks for it, so the tap
 * that opens the products page renders the cards without first reading, checking and
 * storing the catalogue (about 1.3 ms of that tap on the demo catalogue). Never fetches:
 * with nothing cached there is nothing to ready, and the page's own query fetches (spec §7).
 * Unobserved, it is dropped after React Query's gcTime like any other query, so a kiosk
 * left on its attract screen does not hold it for hours; the next tap then reads it itself.
 * True when the query then holds a list, so the page would render cards, not fetch.
 */
export function readyCachedProducts(client: QueryClient, baseUrl: string): boolean {
  const { queryKey } = productsQuery(baseUrl);
  if (client.getQueryCache().find({ queryKey, exact: true })) {
    return client.getQueryData(queryKey) !== undefined;
  }
  const cached = loadCachedProducts();
  if (cached) client.setQueryData(queryKey, cached);
  return cached !== undefined;
}

/** The products page's catalogue query: fetches when nothing is cached (spec §7). */
export function useProducts() {
  const options = productsQuery(useCatalogueUrl());
  return useQuery({ ...options, retryOnMount: useRetryOnMount(options.queryKey) });
}

/** The catalogue as far as it is known, without ever fetching it (cart suggestions). */
export function useKnownProducts(): Product[] {
  return useQuery({ ...productsQuery(useCatalogueUrl()), enabled: false }).data ?? [];
}
