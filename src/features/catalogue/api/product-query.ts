import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { parseProduct, type Product } from '@shared/product-rule';
import { useCatalogueUrl } from '@/platform/capabilities-context';
import { CATALOGUE_TIMEOUT_MS, CatalogueError, getCatalogueJson } from './catalogue-client';
import { catalogueKeys } from './catalogue-keys';
import { startEarly, useRetryOnMount } from './early-answers';
import { isProductIdText, productUrl } from './catalogue-urls';

/** GET {catalogue host}/products/{id} (spec §7): its fetcher, its query and its hook. */

export const PRODUCT_FAILED = 'Failed to fetch product';

/**
 * The largest single product the shop reads: 1 MB, far above the largest valid one (a
 * 20,000-character description and a 2,000-character image URL are under 100 kB).
 */
export const PRODUCT_MAX_BYTES = 1_000_000;

/** Spec §8: a non-ok status (or an id that names nothing) is 'Failed to fetch product'. */
export async function fetchProduct(
  baseUrl: string,
  id: string,
  signal?: AbortSignal,
  timeoutMs = CATALOGUE_TIMEOUT_MS,
): Promise<Product> {
  const url = productUrl(baseUrl, id);
  if (url === undefined) throw new CatalogueError(PRODUCT_FAILED);
  const product = parseProduct(
    await getCatalogueJson(url, PRODUCT_FAILED, signal, timeoutMs, PRODUCT_MAX_BYTES),
  );
  if (!product) throw new CatalogueError(PRODUCT_FAILED);
  return product;
}

export const productQuery = (baseUrl: string, id: string) =>
  queryOptions({
    queryKey: catalogueKeys.detail(baseUrl, id),
    queryFn: ({ signal }) => fetchProduct(baseUrl, id, signal),
    staleTime: 5 * 60_000,
  });

/**
 * A deep link to /product/{id} starts its one call (spec §7) through the app's query
 * client beside the page's code, rather than after the page's first render; the page's
 * query then takes that answer (or joins the call still under way). Never rejects: a
 * failure is the query's, for the page to show. An id that names no product asks nothing.
 */
export function prefetchProduct(client: QueryClient, baseUrl: string, id: string): Promise<void> {
  if (!isProductIdText(id)) return Promise.resolve();
  const options = productQuery(baseUrl, id);
  return startEarly(client, options.queryKey, () => client.query(options));
}

/** The product detail page's query. */
export function useProduct(id: string) {
  const options = productQuery(useCatalogueUrl(), id);
  // A failed early call is the page's one call: shown, not asked again on mount (spec §7).
  return useQuery({ ...options, retryOnMount: useRetryOnMount(options.queryKey) });
}
