import type { ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { ShopNavigationProvider } from '@/components/ui/shop-link';
import { HomePage } from '@/pages/home-page';
import { NotFoundPage } from '@/pages/not-found-page';
import {
  prefetchCatalogue,
  readyCachedCatalogue,
  type CatalogueDeepLink,
} from '@/features/catalogue/prefetch-catalogue';
import { nextIdleTurn } from '@/lib/when-idle';
import type { CatalogueCache } from './catalogue-cache';
import { AppLayout } from './layout/app-layout';
import { lazyPage, type LazyPage } from './lazy-page';

/** The catalogue's pages and data layer: one chunk (shop-pages.ts says why). */
const shopPages = () => import('./shop-pages');
const products = lazyPage(() => shopPages().then((m) => m.ProductsPage), { catalogue: true });
const product = lazyPage(() => shopPages().then((m) => m.ProductPage), { catalogue: true });
const cart = lazyPage(() => shopPages().then((m) => m.CartPage), { catalogue: true });
const checkout = lazyPage(() => import('./checkout-pages').then((m) => m.CheckoutPage));
/** Static text, rarely the first page of a visit: 0.6 KB gzip less in the first download. */
const about = lazyPage(() => import('@/pages/about-page').then((m) => m.AboutPage));

/** Every page that is not in the first download, for warming up once the shop is idle. */
export const lazyPages = [products, product, cart, checkout, about];

/**
 * What the shop readies once it is idle: every page's code, and the cached catalogue in
 * the query client (never a fetch). Never rejects: resolves true when the products page
 * could show its cards at once, its code here and the catalogue in the client; the other
 * pages' code may still be on its way then.
 *
 * The products page and the catalogue first, in the turn that starts the warm-up (a cold
 * load's cache is not there yet, so that look is cheap); then the other pages, one an idle
 * turn: asking for all five at once was one task of 20–35 ms (Vite's loader adds each
 * chunk's links to the head), long enough to hold up a tap landing in it. Their downloads
 * still overlap: a turn starts one and does not wait for it.
 */
export async function warmUpPages(
  catalogueUrl: string,
  catalogue: CatalogueCache,
): Promise<boolean> {
  const ready = Promise.all([
    products.preload().then(
      () => true,
      () => false,
    ),
    readyCachedCatalogue(catalogueUrl, catalogue.client, shopPages),
  ]);
  void warmUpOtherPages();
  const [pageReady, dataReady] = await ready;
  return pageReady && dataReady;
}

async function warmUpOtherPages(): Promise<void> {
  for (const page of lazyPages) {
    if (page === products) continue;
    await nextIdleTurn();
    page.preload().catch(ignore);
  }
}

const ignore = (): undefined => undefined;

/** Where 'Start Shoping' leads. */
export const PRODUCTS_PATH = '/products';

/**
 * The page 'Start Shoping' opens, rendered once where nobody sees it (rehearse-page.tsx
 * says why), inside the shop's own providers (`inShop`). Its code comes with the pages'
 * chunk, already here when the warm-up says the page is ready. Returns a function that
 * stops it.
 */
export function rehearseProductsPage(inShop: (page: ReactNode) => ReactNode): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  void shopPages().then(({ rehearsePage }) => {
    if (stopped) return;
    stop = rehearsePage(
      PRODUCTS_PATH,
      inShop(
        <ShopNavigationProvider>
          <products.Page />
        </ShopNavigationProvider>,
      ),
    );
  }, ignore);
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * The one route table, shared by the kiosk's memory router and the web's browser router.
 * The landing and not-found pages come with the first download: the landing page is where
 * every kiosk session starts, and not-found also stands in for a page that failed to
 * render, so it must be there even when a chunk cannot be had.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'about', element: <about.Page /> },
      { path: 'products', element: <products.Page /> },
      { path: 'product/:id', element: <product.Page /> },
      { path: 'cart', element: <cart.Page /> },
      { path: 'checkout', element: <checkout.Page /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const lazyByPath = new Map<string, LazyPage>([
  ['products', products],
  ['product/:id', product],
  ['cart', cart],
  ['checkout', checkout],
  ['about', about],
]);

/**
 * Readies the page a deep link opens (/products, /product/3…), so the first render shows the
 * page itself rather than a placeholder the footer would jump from: downloads its code and
 * starts its catalogue call beside that code (through the app's query client: on /products
 * only when nothing is cached, on /product/3 that product) rather than after the first
 * render. Never rejects.
 */
export function prepareDeepLink(
  pathname: string,
  catalogueUrl: string,
  catalogue: CatalogueCache,
): Promise<void> {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const path = match?.route.path;
  const page = path === undefined ? undefined : lazyByPath.get(path);
  const id = match?.params.id;
  const link: CatalogueDeepLink | undefined =
    path === 'products'
      ? { page: 'products' }
      : path === 'product/:id' && id !== undefined
        ? { page: 'product', id }
        : undefined;
  // The catalogue call first: on an HTTP/1.1 host it then has a connection before the
  // page's chunks take them all.
  return Promise.all([
    link ? prefetchCatalogue(catalogueUrl, link, catalogue.client, shopPages) : undefined,
    page?.preload().catch(() => undefined),
  ]).then(() => undefined);
}
