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
export async function listenFetch(
  fetch: FetchHandler,
  { port, host }: { port: number; host: string },
): Promise<RunningServer> {
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
  let closing: Promise<void> | undefined;
  return {
    origin: `http://${hostForUrl}:${address.port}`,
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
