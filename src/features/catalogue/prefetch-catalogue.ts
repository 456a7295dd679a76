import type { QueryClient } from '@tanstack/react-query';
import { preloadProducts } from './api/products-url';
import { mayHaveCachedProducts } from './products-cache';

/** The app's query client, made the first time it is needed (src/app/catalogue-cache.tsx). */
export type ClientFor = (create: () => QueryClient) => QueryClient;

/**
 * A deep link to /products: its catalogue call goes through the app's query client like
 * any other (spec §7: only when nothing is cached; the page then takes its answer), but
 * starts beside the page's code. Small enough for the first download: the data layer
 * (React Query) loads here on demand. Resolves once the call has started, not when it
 * answers; if the data layer cannot load, the page fetches for itself. Never rejects.
 */
export async function prefetchCatalogue(baseUrl: string, clientFor: ClientFor): Promise<void> {
  // The request need not wait for the data layer's code: the browser starts it now.
  if (!mayHaveCachedProducts()) preloadProducts(baseUrl);
  try {
    const [{ createCatalogueQueryClient }, { prefetchProducts }] = await Promise.all([
      import('./catalogue-provider'),
      import('./api/products-query'),
    ]);
    void prefetchProducts(clientFor(createCatalogueQueryClient), baseUrl);
  } catch {
    // Offline for a moment, or a new release replaced the chunk: the page tries itself.
  }
}
