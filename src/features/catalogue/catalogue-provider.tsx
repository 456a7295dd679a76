import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { catalogueKeys } from './api/catalogue-keys';
import { loadCachedProducts } from './products-cache';
import { PRODUCTS_KEY } from './products-key';

/**
 * The catalogue's data layer (React Query), loaded with the first page that shows products:
 * the landing page never needs it, so it stays out of the first download. The app makes one
 * client with this and keeps it for the whole visit (src/app/catalogue-cache.tsx): pages
 * come and go, the fetched catalogue stays.
 *
 * The spec allows one catalogue call per visit: a failure is shown at once with a 'Try
 * again' button rather than retried behind the shopper's back.
 */
export function createCatalogueQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}

/** Another tab fetched the catalogue: use its copy rather than fetching again (spec §7). */
function useOtherTabsCatalogue(client: QueryClient): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // A null key means the other tab cleared all storage.
      if (event.key !== PRODUCTS_KEY && event.key !== null) return;
      const products = loadCachedProducts();
      if (products) client.setQueriesData({ queryKey: catalogueKeys.lists() }, products);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [client]);
}

export function CatalogueProvider({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  useOtherTabsCatalogue(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
