/**
 * The loopback server of `npm run fleet`: the built console (out/console), the kiosk's
 * embedded demo catalogue at /api (as `npm run serve` serves it, for the counter's product
 * titles), and the launcher's presets at /fleet-console.json. The MQTT traffic goes from
 * the page straight to the broker; nothing here relays it.
 */
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';
import { createCatalogueApp } from '../../server/catalogue/catalogue-app';
import type { CatalogueProduct } from '../../server/catalogue/product-schema';
import { listenFetchFor, type RunningServer } from '../../server/http/listen-fetch';
import { createStaticSite } from '../../server/http/static-site';
import { buildConsoleContentSecurityPolicy } from '../../shared/console-csp';

export const API_BASE = '/api';
export const PRESETS_PATH = '/fleet-console.json';

/** What the page starts with; the password, if any, only ever goes to loopback pages. */
export interface ConsolePresets {
  brokerUrl: string;
  username?: string;
  password?: string;
  topicPrefix: string;
  catalogueUrl: string;
  /** The enrolment public key the counter pins: it reaches the page from here, never the broker. */
  enrolmentPublicKey?: string;
  /** The shop service's base URL, when it is not this page's origin. */
  shopServiceUrl?: string;
}

export interface ConsoleServerOptions {
  staticDir: string;
  presets: ConsolePresets;
  port: number;
  products?: readonly CatalogueProduct[];
}

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': `${buildConsoleContentSecurityPolicy()}; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Only the names this server really has. Another site whose name a DNS rebinding points
 * at 127.0.0.1 sends its own Host, and gets nothing (least of all the password).
 */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function createConsoleHandler(
  { staticDir, presets, products }: Omit<ConsoleServerOptions, 'port'>,
  origin: string,
): (request: Request) => Promise<Response> {
  const port = Number(new URL(origin).port);
  const hosts = allowedHosts(port);
  const catalogue = createCatalogueApp({
    products: products ?? loadDemoCatalogue(),
    basePath: API_BASE,
    publicOrigin: origin,
  });
  const site = createStaticSite({ root: staticDir });
  const presetsBody = JSON.stringify(presets);

  return async (request) => {
    if (!hosts.has(request.headers.get('host') ?? '')) {
      return new Response('Misdirected request', { status: 421 });
    }
    const { pathname } = new URL(request.url);
    let response: Response;
    if (pathname === PRESETS_PATH) {
      response = new Response(request.method === 'HEAD' ? null : presetsBody, {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      });
    } else if (pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) {
      response = await catalogue.fetch(request);
    } else if (isShopServicePath(pathname)) {
      response = NO_SHOP_SERVICE();
    } else {
      response = await site(request);
    }
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (name !== 'Content-Security-Policy' || !headers.has(name)) headers.set(name, value);
    }
    return new Response(response.body, { status: response.status, headers });
  };
}

/**
 * The shop service's paths, which the page calls on its own origin when no other service is
 * named. This server is not one: it says so with a 404, so the page tells the operator to
 * start one rather than that its answer (the page itself) cannot be read.
 */
const SHOP_SERVICE_ROOTS = [
  'auth',
  'receipts',
  'handovers',
  'certificates',
  'revocations',
  'conflicts',
  'orders',
  'tokens',
];

function isShopServicePath(pathname: string): boolean {
  const root = pathname.split('/')[1] ?? '';
  return SHOP_SERVICE_ROOTS.includes(root);
}

const NO_SHOP_SERVICE = (): Response =>
  new Response(
    JSON.stringify({
      error: 'not-found',
      message:
        'No shop service here: start one with npm run shop-service and name it under Connection → Shop service.',
    }),
    { status: 404, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } },
  );

/** Serves the console on 127.0.0.1 only; port 0 picks a free one. */
export function startConsoleServer({
  port,
  ...options
}: ConsoleServerOptions): Promise<RunningServer> {
  return listenFetchFor((origin) => createConsoleHandler(options, origin), {
    port,
    host: '127.0.0.1',
  });
}
