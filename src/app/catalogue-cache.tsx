import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/**
 * The app's catalogue cache: one React Query client per app (per window, per test), kept
 * for the whole visit. React Query is not in the first download, so the client is made the
 * first time it is needed, from the data layer's code that the need has just loaded
 * (features/catalogue/catalogue-provider.tsx): a catalogue page, or a deep link's early
 * download (prefetchCatalogue below), whichever comes first.
 */
export interface CatalogueCache {
  client: (create: () => QueryClient) => QueryClient;
}

export function createCatalogueCache(): CatalogueCache {
  let made: QueryClient | undefined;
  return { client: (create) => (made ??= create()) };
}

const CatalogueCacheContext = createContext<CatalogueCache | null>(null);

export const CatalogueCacheProvider = CatalogueCacheContext.Provider;

export function useCatalogueCache(): CatalogueCache {
  const cache = useContext(CatalogueCacheContext);
  if (!cache) throw new Error('useCatalogueCache needs a CatalogueCacheProvider');
  return cache;
}

/**
 * A deep link to /products: its catalogue call starts beside the page's code, through the
 * app's query client (spec §7: only when nothing is cached; the page then takes its
 * answer). Resolves once the call has started, not when it answers; if the data layer
 * cannot load, the page fetches for itself. Never rejects.
 */
export async function prefetchCatalogue(cache: CatalogueCache, catalogueUrl: string) {
  try {
    const [{ createCatalogueQueryClient }, { prefetchProducts }] = await Promise.all([
      import('@/features/catalogue/catalogue-provider'),
      import('@/features/catalogue/api/products-query'),
    ]);
    void prefetchProducts(cache.client(createCatalogueQueryClient), catalogueUrl);
  } catch {
    // Offline for a moment, or a new release replaced the chunk: the page tries itself.
  }
}
