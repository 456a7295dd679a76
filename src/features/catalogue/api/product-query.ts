import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Product } from '@shared/product-rule';
import { useCatalogueUrl } from '@/platform/capabilities-context';
import { catalogueKeys } from './catalogue-keys';
import { startEarly, useRetryOnMount } from './early-answers';
import { takeEarlyCall } from './early-products';
import { isProductIdText, productUrl } from './catalogue-urls';
import { fetchProduct } from './fetch-product';

export { fetchProduct, PRODUCT_FAILED, PRODUCT_MAX_BYTES } from './fetch-product';

/** GET {catalogue host}/products/{id} (spec §7): its fetcher, its query and its hook. */

export const productQuery = (baseUrl: string, id: string) =>
  queryOptions({
    queryKey: catalogueKeys.detail(baseUrl, id),
    queryFn: ({ signal }) => {
      // The page's early paint may have made this call already: its answer is this one.
      const url = productUrl(baseUrl, id);
      const early = url === undefined ? undefined : takeEarlyCall<Product>(url);
      return early ?? fetchProduct(baseUrl, id, signal);
    },
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
