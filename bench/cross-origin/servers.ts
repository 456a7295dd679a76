/**
 * The servers of `--compare DIR --cross-origin`, all on loopback:
 * - the catalogue host: the bench's catalogue (the demo's, or N generated products) in the
 *   FakeStore API's shape at the root of an HTTPS origin (HTTP/2, HTTP/1.1 allowed), gzip
 *   and the catalogue's own cache headers (ETag, JSON for 5 minutes, images for a day);
 * - our web build as deployed (calling the catalogue host), with the security headers a
 *   static host sends for it;
 * - the peer's build exactly as built, as a plain static host serves it.
 */
import { createSecureServer } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';
import { createCatalogueApp } from '../../server/catalogue/catalogue-app';
import { generateCatalogue } from '../../server/catalogue/generate-catalogue';
import { CompressedBodies, compressResponse } from '../../server/http/compression';
import { listenFetch, type RunningServer } from '../../server/http/listen-fetch';
import {
  SERVICE_WORKER_PATH,
  serviceWorkerSecurityHeaders,
  webSecurityHeaders,
} from '../../server/http/security-headers';
import { createStaticSite } from '../../server/http/static-site';
import type { BenchCertificate } from './certificate';
import { CATALOGUE_ORIGIN } from './hosts';

type Handler = (request: Request) => Promise<Response>;

/** Gzip as the real hosts send it, each unchanging body compressed once. */
function compressed(handler: Handler): Handler {
  const bodies = new CompressedBodies();
  return async (request) => {
    const response = await handler(request);
    const etag = response.headers.get('ETag');
    const immutable = response.headers.get('Cache-Control')?.includes('immutable') ?? false;
    const { pathname } = new URL(request.url);
    const key = immutable
      ? `asset ${pathname}`
      : etag && !etag.startsWith('W/')
        ? `${pathname} ${etag}`
        : undefined;
    return compressResponse(
      request,
      response,
      key === undefined ? undefined : { cache: bodies, key },
    );
  };
}

export interface CatalogueHost {
  /** The loopback port Chromium's resolver sends the catalogue host to. */
  port: number;
  /** Serve the demo catalogue (undefined) or `productCount` generated products from now on. */
  use(productCount?: number): void;
  close(): Promise<void>;
}

function catalogueFor(productCount?: number): Handler {
  const products =
    productCount === undefined ? loadDemoCatalogue() : generateCatalogue({ count: productCount });
  const app = createCatalogueApp({ products, basePath: '', publicOrigin: CATALOGUE_ORIGIN });
  return compressed(async (request) => app.fetch(request));
}

/**
 * The catalogue host on 127.0.0.1 (any free port), over TLS with `certificate`; one port
 * for the whole run, since Chromium's resolver rules are fixed when it starts.
 */
export async function startCatalogueHost(certificate: BenchCertificate): Promise<CatalogueHost> {
  let current = catalogueFor();
  const server = createAdaptorServer({
    fetch: (request: Request) => current(request),
    hostname: '127.0.0.1',
    createServer: createSecureServer,
    serverOptions: { key: certificate.key, cert: certificate.cert, allowHTTP1: true },
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    port,
    use(productCount) {
      current = catalogueFor(productCount);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // HTTP/2 sessions stay open until their sockets go; the bench is done with them.
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

/** Our web build as deployed, with the headers of its deployment (its catalogue on another host). */
export function serveOurs(staticDir: string, port: number): Promise<RunningServer> {
  const site = createStaticSite({ root: staticDir });
  const page = webSecurityHeaders(CATALOGUE_ORIGIN);
  const worker = serviceWorkerSecurityHeaders(CATALOGUE_ORIGIN);
  const handler = compressed(async (request) => {
    const response = await site(request);
    const headers = new Headers(response.headers);
    const wanted = new URL(request.url).pathname === SERVICE_WORKER_PATH ? worker : page;
    for (const [name, value] of Object.entries(wanted)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  });
  return listenFetch(handler, { port, host: '127.0.0.1' });
}

/** The peer's build as it is, from a static host (deep links fall back to index.html). */
export function servePeer(staticDir: string, port: number): Promise<RunningServer> {
  const site = createStaticSite({ root: staticDir });
  return listenFetch(compressed(site), { port, host: '127.0.0.1' });
}
