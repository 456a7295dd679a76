/**
 * The routes whose first screen the web build writes as HTML (vite-plugins/first-screens.mts),
 * each with the file a static host serves for it. Only screens that read nothing the
 * visitor's device holds: the landing, about, cart and checkout pages as a first visit sees
 * them (an empty cart, English). A visit the HTML would not match (another language, items
 * in the cart, another route) does not use it: the early start says so before the page
 * paints (src/app/early-start.ts firstScreenUsable), and the app renders as it always has.
 */
export { FIRST_SCREEN_META } from '../early-start';

export interface FirstScreenRoute {
  /** The route's path, as the router and the early start match it. */
  path: string;
  /** Where the build writes it, relative to the build's folder. */
  file: string;
  /** The lazy chunk whose stylesheets the screen needs before it paints (early-start.ts). */
  chunk: 'shop' | 'checkout' | 'about' | null;
}

export const FIRST_SCREEN_ROUTES: readonly FirstScreenRoute[] = [
  { path: '/', file: 'index.html', chunk: null },
  { path: '/about', file: 'about/index.html', chunk: 'about' },
  { path: '/cart', file: 'cart/index.html', chunk: 'shop' },
  { path: '/checkout', file: 'checkout/index.html', chunk: 'checkout' },
];
