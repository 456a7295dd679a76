import { queryOptions } from '@tanstack/react-query';
import { fetchProduct, fetchProducts } from './catalogue-client';

/** Query key and fetcher kept together (TanStack query options factory). */
export const productQueries = {
  all: (baseUrl: string) =>
    queryOptions({
      queryKey: ['catalogue', baseUrl, 'products'],
      queryFn: ({ signal }) => fetchProducts(baseUrl, signal),
      staleTime: Infinity,
    }),
  detail: (baseUrl: string, id: string) =>
    queryOptions({
      queryKey: ['catalogue', baseUrl, 'product', id],
      queryFn: ({ signal }) => fetchProduct(baseUrl, id, signal),
      staleTime: 5 * 60_000,
    }),
};
