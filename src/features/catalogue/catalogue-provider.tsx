import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './api/query-client';
import { loadCachedProducts, PRODUCTS_KEY } from './products-cache';

/**
 * The catalogue's data layer, loaded with the first page that shows products (the
 * landing page never needs it, so it stays out of the first download). One client for the
 * whole visit: pages come and go, the fetched catalogue stays.
 */
export const catalogueQueryClient = createQueryClient();

/** Another tab fetched the catalogue: use its copy rather than fetching again (spec §7). */
function takeOtherTabsCatalogue(event: StorageEvent): void {
  if (event.key !== PRODUCTS_KEY && event.key !== null) return;
  const products = loadCachedProducts();
  if (!products) return;
  catalogueQueryClient.setQueriesData(
    { predicate: (query) => query.queryKey[0] === 'catalogue' && query.queryKey[2] === 'products' },
    products,
  );
}
window.addEventListener('storage', takeOtherTabsCatalogue);

export function CatalogueProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={catalogueQueryClient}>{children}</QueryClientProvider>;
}
