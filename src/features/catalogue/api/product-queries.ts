import { queryOptions } from '@tanstack/react-query';
import { cacheFetchedProducts, loadCachedProducts } from '../products-cache';
import { fetchProduct, fetchProducts } from './catalogue-client';

/** Query key and fetcher kept together (TanStack query options factory). */
export const productQueries = {
  /**
   * The whole catalogue. Spec §7: fetched only when local storage holds no cached products,
   * so the cache is the query's initial data and it never goes stale; a fetched list is cached.
   */
  all: (baseUrl: string) =>
    queryOptions({
      queryKey: ['catalogue', baseUrl, 'products'],
      queryFn: async ({ signal }) => {
        const products = await fetchProducts(baseUrl, signal);
        cacheFetchedProducts(products);
        return products;
      },
      initialData: loadCachedProducts,
      staleTime: Infinity,
    }),
  detail: (baseUrl: string, id: string) =>
    queryOptions({
      queryKey: ['catalogue', baseUrl, 'product', id],
      queryFn: ({ signal }) => fetchProduct(baseUrl, id, signal),
      staleTime: 5 * 60_000,
    }),
};
