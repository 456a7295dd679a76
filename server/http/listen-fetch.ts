import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';

export interface RunningServer {
  /** Origin the server listens on, e.g. http://127.0.0.1:4173 (no trailing slash). */
  origin: string;
  port: number;
  close(): Promise<void>;
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Serves a web-standard handler over node:http; port 0 picks a free port. */
export function listenFetch(
  fetch: FetchHandler,
  options: { port: number; host: string },
): Promise<RunningServer> {
  return listenFetchFor(() => fetch, options);
}

/**
 * Like listenFetch, for a handler that must know the origin it is served on (a free port
 * is known only once listening): `build` gets it before the first request is answered.
 */
export async function listenFetchFor(
  build: (origin: string) => FetchHandler,
  { port, host }: { port: number; host: string },
): Promise<RunningServer> {
  let handler: FetchHandler | null = null;
  const fetch: FetchHandler = (request) =>
    handler ? handler(request) : new Response('Starting', { status: 503 });
  const server = createAdaptorServer({ fetch, hostname: host }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${hostForUrl}:${address.port}`;
  handler = build(origin);
  let closing: Promise<void> | undefined;
  return {
    origin,
    port: address.port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        // Keep-alive sockets would hold close() open until they time out.
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
