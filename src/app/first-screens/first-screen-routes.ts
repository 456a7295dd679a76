/**
 * The routes whose first screen the web build writes as HTML (vite-plugins/first-screens.mts),
 * each with the file a static host serves for it: every route of the route table, as a first
 * visit sees it (English, an empty cart, no cached catalogue; the catalogue's pages loading,
 * as they are until the catalogue answers, src/lib/first-screen-pass.ts). A visit the HTML
 * would not match (another language, items in the cart, a cached catalogue, another route)
 * does not use it: the early start says so before the page paints
 * (src/app/early-start.ts firstScreenUsable), and the app renders as it always has.
 */
export { FIRST_SCREEN_META } from '../early-start';

export interface FirstScreenRoute {
  /** The route, as the early start names it (early-start.ts routeOf). */
  path: string;
  /** A path of the route, where the build renders it. */
  renderAt: string;
  /** Where the build writes it, relative to the build's folder. */
  file: string;
  /** The lazy chunk whose stylesheets the screen needs before it paints (early-start.ts). */
  chunk: 'shop' | 'checkout' | 'about' | null;
}

export const FIRST_SCREEN_ROUTES: readonly FirstScreenRoute[] = [
  { path: '/', renderAt: '/', file: 'index.html', chunk: null },
  { path: '/home', renderAt: '/home', file: 'home/index.html', chunk: null },
  { path: '/about', renderAt: '/about', file: 'about/index.html', chunk: 'about' },
  { path: '/products', renderAt: '/products', file: 'products/index.html', chunk: 'shop' },
  // Any product, loading: a host serves it for /product/{id} (server/http/static-site.ts).
  { path: '/product/:id', renderAt: '/product/1', file: 'product/index.html', chunk: 'shop' },
  { path: '/cart', renderAt: '/cart', file: 'cart/index.html', chunk: 'shop' },
  { path: '/checkout', renderAt: '/checkout', file: 'checkout/index.html', chunk: 'checkout' },
  // Not found: a host serves it, with status 404, for a path no other page is for.
  { path: '*', renderAt: '/not-found', file: '404.html', chunk: null },
];
