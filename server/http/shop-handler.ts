import { createCatalogueApp } from '../catalogue/catalogue-app';
import type { CatalogueProduct } from '../catalogue/product-schema';
import { CompressedBodies, compressResponse } from './compression';
import {
  SERVICE_WORKER_PATH,
  serviceWorkerSecurityHeaders,
  webSecurityHeaders,
} from './security-headers';
import { createStaticSite } from './static-site';

export interface ShopHandlerOptions {
  /** The web build to serve, e.g. out/web. */
  staticDir: string;
  products: readonly CatalogueProduct[];
  /** Where the catalogue is mounted; the web build must be built with the same VITE_CATALOGUE_URL. */
  apiBase?: string;
  /** The origin shoppers reach the shop on; the catalogue's image URLs are built from it. */
  publicOrigin: string;
}

/** The web build and its catalogue on one origin, with the headers a static host should send. */
export function createShopHandler({
  staticDir,
  products,
  apiBase = '/api',
  publicOrigin,
}: ShopHandlerOptions): (request: Request) => Promise<Response> {
  const catalogue = createCatalogueApp({ products, basePath: apiBase, publicOrigin });
  const site = createStaticSite({ root: staticDir });
  const security = webSecurityHeaders(apiBase);
  const workerSecurity = serviceWorkerSecurityHeaders(apiBase);
  const compressed = new CompressedBodies();
  const keyed = (key: string | undefined) =>
    key === undefined ? undefined : { cache: compressed, key };

  return async (request) => {
    const { pathname } = new URL(request.url);
    const isApi = pathname === apiBase || pathname.startsWith(`${apiBase}/`);
    const response = isApi ? await catalogue.fetch(request) : await site(request);
    // Responses from fetch handlers may have immutable headers; copy before adding ours.
    const headers = new Headers(response.headers);
    const wanted = pathname === SERVICE_WORKER_PATH ? workerSecurity : security;
    for (const [name, value] of Object.entries(wanted)) {
      // A product image keeps its own, stricter policy.
      if (name !== 'Content-Security-Policy' || !headers.has(name)) headers.set(name, value);
    }
    return compressResponse(
      request,
      new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      }),
      keyed(unchangingKey(pathname, headers)),
    );
  };
}

/**
 * A key for bodies that never change under it, so their gzip can be kept: a hashed asset
 * (immutable) by its path, a catalogue answer by its path and strong ETag. Nothing else.
 */
function unchangingKey(pathname: string, headers: Headers): string | undefined {
  if (headers.get('Cache-Control')?.includes('immutable')) return `asset ${pathname}`;
  const etag = headers.get('ETag');
  return etag && !etag.startsWith('W/') ? `${pathname} ${etag}` : undefined;
}
