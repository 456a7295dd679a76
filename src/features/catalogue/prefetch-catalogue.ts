import type { QueryClient } from '@tanstack/react-query';
import { preloadCatalogueCall, productsUrl, productUrl } from './api/catalogue-urls';
import { mayHaveCachedProducts } from './products-key';

/** The app's query client, made the first time it is needed (src/app/catalogue-cache.tsx). */
export type ClientFor = (create: () => QueryClient) => QueryClient;

/**
 * What a deep link's early call needs of the data layer. The app loads it (src/app decides
 * how code is cut into chunks: src/app/shop-pages.ts), so this file holds no import() of
 * its own that would make a chunk of its own.
 */
export interface CatalogueDataLayer {
  createCatalogueQueryClient: () => QueryClient;
  prefetchProducts: (client: QueryClient, baseUrl: string) => Promise<void>;
  prefetchProduct: (client: QueryClient, baseUrl: string, id: string) => Promise<void>;
  readyCachedProducts: (client: QueryClient, baseUrl: string) => boolean;
}

/** What a deep link opens, as far as the catalogue goes. */
export type CatalogueDeepLink = { page: 'products' } | { page: 'product'; id: string };

/**
 * A deep link to /products or /product/{id}: its catalogue call goes through the app's
 * query client like any other (spec §7: the list only when nothing is cached; the page
 * then takes its answer), but starts beside the page's code. Small enough for the first
 * download: the data layer (React Query) loads here on demand. Resolves once the call has
 * started, not when it answers; if the data layer cannot load, the page fetches for itself.
 * Never rejects.
 */
export async function prefetchCatalogue(
  baseUrl: string,
  link: CatalogueDeepLink,
  clientFor: ClientFor,
  loadDataLayer: () => Promise<CatalogueDataLayer>,
): Promise<void> {
  // The request need not wait for the data layer's code: the browser starts it now (unless
  // the early start already has), and the query's fetch, a moment later, takes its answer,
  // or its failure (src/app/early-start.ts says how): one request either way.
  if (link.page === 'products' && !mayHaveCachedProducts()) {
    preloadCatalogueCall(productsUrl(baseUrl));
  }
  const product = link.page === 'product' ? productUrl(baseUrl, link.id) : undefined;
  if (product !== undefined) preloadCatalogueCall(product);
  try {
    const layer = await loadDataLayer();
    const client = clientFor(layer.createCatalogueQueryClient);
    if (link.page === 'products') void layer.prefetchProducts(client, baseUrl);
    else void layer.prefetchProduct(client, baseUrl, link.id);
  } catch {
    // Offline for a moment, or a new release replaced the chunk: the page tries itself.
  }
}

/**
 * Once the shop is idle on another page: the cached catalogue made ready in the app's query
 * client, so the first tap to the products page only renders. Nothing happens (not even
 * the data layer's download) when no catalogue is cached. Never fetches, never rejects:
 * resolves true when the client holds the catalogue, so the products page would show cards.
 */
export async function readyCachedCatalogue(
  baseUrl: string,
  clientFor: ClientFor,
  loadDataLayer: () => Promise<CatalogueDataLayer>,
): Promise<boolean> {
  if (!mayHaveCachedProducts()) return false;
  try {
    const layer = await loadDataLayer();
    return layer.readyCachedProducts(clientFor(layer.createCatalogueQueryClient), baseUrl);
  } catch {
    // The page reads the cache itself when it comes.
    return false;
  }
}
