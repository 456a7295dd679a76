/**
 * The demo catalogue's product drawings, for the pick screen and the counter: a kiosk on its
 * embedded catalogue shows these drawings from its own origin, which the stockroom's screens
 * cannot reach, so its orders name the service's copy instead (shared/fleet/orders/order-line-image.ts):
 *   GET /pick/images/<id>.svg → 200 image/svg+xml, the same drawing the kiosk showed
 *
 * Read-only and drawn from the demo catalogue's data by the embedded catalogue's own drawing
 * code, so the two never differ. A name is allowed only as a product id of that catalogue
 * followed by `.svg`: anything else, a path that tries to leave the folder included, is 404.
 * An SVG opened on its own is a document: its policy lets it style itself and nothing more
 * (no script, no loads, sandboxed). No login: these are the public demo catalogue's pictures.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono } from 'hono';
import { artFor, renderProductSvg } from '../../../server/catalogue/product-art';
import { parseCatalogue, type CatalogueProduct } from '../../../server/catalogue/product-schema';
import { DEMO_IMAGE_PREFIX } from '../../../shared/fleet/orders/order-line-image';
import type { ShopEnv } from '../http/shop-env';

export const DEMO_IMAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'Cache-Control': 'public, max-age=86400',
};

const NAME = /^([1-9][0-9]{0,8})\.svg$/;

/** The demo catalogue's data, as the kiosk ships it (resources/). */
export const DEMO_CATALOGUE_FILE = resolve(__dirname, '../../../resources/catalogue/products.json');

/** The demo catalogue, read once when first asked for; none when it cannot be read. */
function demoCatalogueOnce(): () => readonly CatalogueProduct[] {
  let products: readonly CatalogueProduct[] | null = null;
  return () => {
    if (products === null) {
      try {
        products = parseCatalogue(
          JSON.parse(readFileSync(DEMO_CATALOGUE_FILE, 'utf8')),
          DEMO_CATALOGUE_FILE,
        );
      } catch {
        products = [];
      }
    }
    return products;
  };
}

export function createDemoImageRoutes(
  catalogue: () => readonly CatalogueProduct[] = demoCatalogueOnce(),
): Hono<ShopEnv> {
  const drawn = new Map<number, string>();
  const drawing = (id: number): string | null => {
    const cached = drawn.get(id);
    if (cached !== undefined) return cached;
    const product = catalogue().find((candidate) => candidate.id === id);
    if (product === undefined) return null;
    const svg = renderProductSvg(artFor(product), product.title);
    drawn.set(id, svg);
    return svg;
  };
  const routes = new Hono<ShopEnv>();
  routes.get(`${DEMO_IMAGE_PREFIX}:file`, (c) => {
    const id = NAME.exec(c.req.param('file'))?.[1];
    const svg = id === undefined ? null : drawing(Number(id));
    if (svg === null) {
      return c.json({ error: 'not-found', message: 'No such image.' }, 404);
    }
    return c.body(svg, 200, { ...DEMO_IMAGE_HEADERS });
  });
  return routes;
}

/** The routes as the service mounts them, beside the others. */
export function demoImageRoutes(): Hono<ShopEnv> {
  return createDemoImageRoutes();
}
