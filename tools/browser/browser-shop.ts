/**
 * The shop in a browser: the web build and the embedded catalogue at /api on one loopback
 * server, as `npm run serve` runs it. (`npm start` without Electron serves the kiosk
 * instead: tools/kiosk-preview/.)
 */
import { resolve } from 'node:path';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';
import { generateCatalogue } from '../../server/catalogue/generate-catalogue';
import { listenFetchFor, type RunningServer } from '../../server/http/listen-fetch';
import { REPO_ROOT } from '../repo-root';
import { createShopHandler } from '../../server/http/shop-handler';
import { otherBuildRefusal, stampWebBuild, webBuildSlot } from './web-build-slot';

export const API_BASE = '/api';
export const DEFAULT_PORT = 4173;

export const WEB_DIR = resolve(REPO_ROOT, 'out', 'web');

export interface WebShopBuild {
  /** Replace a build in out/web these tools did not make (a host's own, say). */
  replace?: boolean;
  /** Where each step is said (default: stdout). */
  say?: (line: string) => void;
  /** Stands in for out/web in tests; the build itself always writes out/web. */
  dir?: string;
}

/**
 * Builds out/web against the same-origin catalogue (/api), saying so; a build there that
 * these tools did not make is replaced only when `replace` says so, else this throws.
 */
export async function buildWebShop({
  replace = false,
  say = (line) => console.log(line),
  dir = WEB_DIR,
}: WebShopBuild = {}): Promise<void> {
  const slot = webBuildSlot(dir);
  if (slot === 'other' && !replace) throw new Error(otherBuildRefusal(dir, REPO_ROOT));
  say(
    `Building out/web for the embedded demo catalogue at ${API_BASE} (same origin)` +
      (slot === 'other' ? ', replacing the build that was there' : '') +
      '…',
  );
  // Read by vite.web.config.mts when it is loaded, so it must be set before build().
  process.env.VITE_CATALOGUE_URL = API_BASE;
  const { build } = await import('vite');
  await build({ configFile: resolve(REPO_ROOT, 'vite.web.config.mts'), logLevel: 'warn' });
  stampWebBuild(dir, API_BASE);
}

export interface BrowserShopOptions {
  port?: number;
  host?: string;
  /** Serve N generated products instead of the demo catalogue. */
  productCount?: number;
  /** The static directory (default out/web). */
  staticDir?: string;
  /** When the port is taken, take any free one instead of failing. */
  anyPortIfBusy?: boolean;
  /** The origin shoppers use (e.g. behind a proxy); default: the one the server listens on. */
  publicOrigin?: string;
}

function isAddressInUse(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EADDRINUSE';
}

export async function startBrowserShop({
  port = DEFAULT_PORT,
  host = '127.0.0.1',
  productCount,
  staticDir = WEB_DIR,
  anyPortIfBusy = false,
  publicOrigin,
}: BrowserShopOptions = {}): Promise<RunningServer> {
  const products =
    productCount === undefined ? loadDemoCatalogue() : generateCatalogue({ count: productCount });
  const handlerFor = (origin: string) =>
    createShopHandler({
      staticDir,
      products,
      apiBase: API_BASE,
      publicOrigin: publicOrigin ?? origin,
    });
  try {
    return await listenFetchFor(handlerFor, { port, host });
  } catch (error) {
    if (!anyPortIfBusy || !isAddressInUse(error)) throw error;
    return listenFetchFor(handlerFor, { port: 0, host });
  }
}

/** Ctrl+C and SIGTERM close the server; open keep-alive connections cannot hold it. */
export function closeOnSignals(server: RunningServer): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
