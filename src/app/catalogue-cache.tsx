import type { QueryClient } from '@tanstack/react-query';
import type { ClientFor } from '@/features/catalogue/prefetch-catalogue';
import { createContext, useContext } from 'react';

/**
 * The app's catalogue cache: one React Query client per app (per window, per test), kept
 * for the whole visit. React Query is not in the first download, so the client is made the
 * first time it is needed, from the data layer's code that the need has just loaded
 * (features/catalogue/catalogue-provider.tsx): a catalogue page, or a deep link's early
 * download (features/catalogue/prefetch-catalogue.ts), whichever comes first.
 */
export interface CatalogueCache {
  client: ClientFor;
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
