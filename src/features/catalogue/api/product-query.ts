import { queryOptions, useQuery } from '@tanstack/react-query';
import { isProductId, parseProduct, type Product } from '@shared/product-rule';
import { useCatalogueUrl } from '@/platform/capabilities-context';
import { CATALOGUE_TIMEOUT_MS, CatalogueError, getCatalogueJson } from './catalogue-client';
import { catalogueKeys } from './catalogue-keys';

/** GET {catalogue host}/products/{id} (spec §7): its fetcher, its query and its hook. */

export const PRODUCT_FAILED = 'Failed to fetch product';

/** An id from a URL: plain digits naming a positive whole number ('007', '1e3' do not). */
export function isProductIdText(id: string): boolean {
  return /^[1-9]\d{0,15}$/.test(id) && isProductId(Number(id));
}

/** Spec §8: a non-ok status (or an id that names nothing) is 'Failed to fetch product'. */
export async function fetchProduct(
  baseUrl: string,
  id: string,
  signal?: AbortSignal,
  timeoutMs = CATALOGUE_TIMEOUT_MS,
): Promise<Product> {
  // Never put an odd id into a URL path ("..", "%2F"): it could address another resource.
  if (!isProductIdText(id)) throw new CatalogueError(PRODUCT_FAILED);
  const url = `${baseUrl}/products/${id}`;
  const product = parseProduct(await getCatalogueJson(url, PRODUCT_FAILED, signal, timeoutMs));
  if (!product) throw new CatalogueError(PRODUCT_FAILED);
  return product;
}

export const productQuery = (baseUrl: string, id: string) =>
  queryOptions({
    queryKey: catalogueKeys.detail(baseUrl, id),
    queryFn: ({ signal }) => fetchProduct(baseUrl, id, signal),
    staleTime: 5 * 60_000,
  });

/** The product detail page's query. */
export function useProduct(id: string) {
  return useQuery(productQuery(useCatalogueUrl(), id));
}
