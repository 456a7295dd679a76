import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { artFor, renderProductSvg } from './product-art';
import { CATEGORIES, type CatalogueProduct, type FakeStoreProduct } from './product-schema';

export interface CatalogueAppOptions {
  products: readonly CatalogueProduct[];
  /** Where the routes live, e.g. "/api" when mounted beside a web build. Default: root. */
  basePath?: string;
  /**
   * The origin clients reach this catalogue on, e.g. http://127.0.0.1:49152: image URLs are
   * built from it. Never from the request's Host header, which any client can set, so a
   * forged Host cannot make the shop (or a cache in front of it) point images elsewhere.
   * null: the catalogue is served on the shop's own origin (the kiosk's `app://shop/api`),
   * and image URLs are paths on that origin (`/api/images/1.svg`), the same at every launch.
   */
  publicOrigin: string | null;
}

/** An origin and nothing else: scheme, host and port, no path, query or trailing slash. */
export function assertOrigin(publicOrigin: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(publicOrigin);
  } catch {
    // Reported below.
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== publicOrigin) {
    throw new Error(
      `publicOrigin must be an http(s) origin such as https://shop.example.com, got "${publicOrigin}"`,
    );
  }
  return publicOrigin;
}

const JSON_CACHE = 'public, max-age=300';
const IMAGE_CACHE = 'public, max-age=86400';
/** An opened SVG is a document: it may style itself, never run script or load anything. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const ALLOWED = 'GET, HEAD, OPTIONS';
/** Serialised list answers kept per query; big catalogues are slow to stringify. */
const MAX_CACHED_BODIES = 16;

export function normaliseBasePath(basePath = ''): string {
  const trimmed = basePath.trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Only a plain positive integer names a product: "1.5", "-1", "1e3", "abc" do not. */
function parseId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) return null;
  return Number(raw);
}

function parseLimit(raw: string | undefined): number | null {
  if (raw === undefined || !/^[0-9]{1,9}$/.test(raw)) return null;
  const limit = Number(raw);
  return limit > 0 ? limit : null;
}

function toFakeStore(product: CatalogueProduct, imageBase: string): FakeStoreProduct {
  // Built field by field so extra fields (art hints) never leak into the API.
  return {
    id: product.id,
    title: product.title,
    price: product.price,
    description: product.description,
    category: product.category,
    image: `${imageBase}/images/${product.id}.svg`,
    rating: { rate: product.rating.rate, count: product.rating.count },
  };
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('base64url');

/** True when the client's If-None-Match already names this entity tag (weak comparison). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export function createCatalogueApp({
  products,
  basePath,
  publicOrigin,
}: CatalogueAppOptions): Hono {
  const base = normaliseBasePath(basePath);
  const imageBase = `${publicOrigin === null ? '' : assertOrigin(publicOrigin)}${base}`;
  const byId = new Map(products.map((p) => [p.id, p]));
  const ascending = [...products].sort((a, b) => a.id - b.id);
  // The shop's own categories first, in its order; a catalogue's others after them.
  const present = new Set(products.map((p) => p.category));
  const categories = [
    ...CATEGORIES.filter((c) => present.has(c)),
    ...[...present].filter((c) => !(CATEGORIES as readonly string[]).includes(c)),
  ];
  // One fingerprint of the data: any edit to the catalogue changes every entity tag.
  const version = sha1(JSON.stringify(products)).slice(0, 12);
  const bodies = new Map<string, string>();

  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 86400 }));
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') {
      await next();
      return;
    }
    return c.json({ error: 'Method not allowed' }, 405, { Allow: ALLOWED });
  });

  /** Answers JSON with an entity tag derived without serialising, so a 304 costs nothing. */
  const cachedJson = (c: Context, key: string, build: () => unknown): Response => {
    const etag = `"${version}-${sha1(key).slice(0, 16)}"`;
    const headers = { ETag: etag, 'Cache-Control': JSON_CACHE };
    if (matchesEtag(c.req.header('If-None-Match'), etag)) {
      return c.body(null, 304, headers);
    }
    let body = bodies.get(etag);
    if (body === undefined) {
      body = JSON.stringify(build());
      if (bodies.size >= MAX_CACHED_BODIES) bodies.delete(bodies.keys().next().value ?? '');
      bodies.set(etag, body);
    }
    return c.body(body, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  };

  const notFound = (c: Context, error: string): Response =>
    c.json({ error }, 404, { 'Cache-Control': 'no-store' });

  const routes = new Hono();

  routes.get('/products', (c) => {
    const sort = c.req.query('sort') === 'desc' ? 'desc' : 'asc';
    const limit = parseLimit(c.req.query('limit'));
    return cachedJson(c, `products ${sort} ${limit ?? 'all'}`, () => {
      const ordered = sort === 'desc' ? [...ascending].reverse() : ascending;
      const list = limit === null ? ordered : ordered.slice(0, limit);
      return list.map((p) => toFakeStore(p, imageBase));
    });
  });

  routes.get('/products/categories', (c) => cachedJson(c, 'categories', () => categories));

  routes.get('/products/:id', (c) => {
    const id = parseId(c.req.param('id'));
    const product = id === null ? undefined : byId.get(id);
    if (!product) return notFound(c, 'Product not found');
    return cachedJson(c, `product ${product.id}`, () => toFakeStore(product, imageBase));
  });

  routes.get('/images/:file', (c) => {
    const match = /^([0-9]+)\.svg$/.exec(c.req.param('file'));
    const id = match?.[1] === undefined ? null : parseId(match[1]);
    const product = id === null ? undefined : byId.get(id);
    if (!product) return notFound(c, 'Image not found');
    const svg = renderProductSvg(artFor(product), product.title);
    const etag = `"${version}-img-${product.id}"`;
    const headers = {
      ETag: etag,
      'Cache-Control': IMAGE_CACHE,
      'Content-Security-Policy': SVG_CSP,
    };
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);
    return c.body(svg, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });

  routes.notFound((c) => notFound(c, 'Not found'));
  app.route(base || '/', routes);
  app.notFound((c) => notFound(c, 'Not found'));
  app.onError((error, c) => {
    console.error('[catalogue] request failed', error);
    return c.json({ error: 'Internal server error' }, 500);
  });
  return app;
}
