import { createCatalogueApp, normaliseBasePath } from './catalogue-app';
import { loadDemoCatalogue } from './demo-catalogue';
import { listenFetchFor } from '../http/listen-fetch';
import type { CatalogueProduct } from './product-schema';

export interface CatalogueServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback unless told otherwise: the demo catalogue is not meant for the network. */
  host?: string;
  /** Defaults to the demo catalogue in resources/catalogue. */
  products?: readonly CatalogueProduct[];
  basePath?: string;
}

export interface CatalogueServer {
  /** Base URL of the API, e.g. http://127.0.0.1:49152/api (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startCatalogueServer({
  port = 0,
  host = '127.0.0.1',
  products,
  basePath,
}: CatalogueServerOptions = {}): Promise<CatalogueServer> {
  const catalogue = products ?? loadDemoCatalogue();
  // Image URLs name the origin this server really listens on, never a request's Host.
  const server = await listenFetchFor(
    (origin) => createCatalogueApp({ products: catalogue, basePath, publicOrigin: origin }).fetch,
    { port, host },
  );
  return {
    url: `${server.origin}${normaliseBasePath(basePath)}`,
    port: server.port,
    close: () => server.close(),
  };
}
