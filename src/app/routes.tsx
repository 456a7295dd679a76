import { matchRoutes, type RouteObject } from 'react-router';
import { AboutPage } from '@/pages/about-page';
import { HomePage } from '@/pages/home-page';
import { NotFoundPage } from '@/pages/not-found-page';
import { prefetchCatalogue } from '@/features/catalogue/prefetch-catalogue';
import type { CatalogueCache } from './catalogue-cache';
import { AppLayout } from './layout/app-layout';
import { lazyPage, type LazyPage } from './lazy-page';

const products = lazyPage(() => import('@/pages/products-page').then((m) => m.ProductsPage), {
  catalogue: true,
});
const product = lazyPage(() => import('@/pages/product-page').then((m) => m.ProductPage), {
  catalogue: true,
});
const cart = lazyPage(() => import('@/pages/cart-page').then((m) => m.CartPage), {
  catalogue: true,
});
const checkout = lazyPage(() => import('@/pages/checkout-page').then((m) => m.CheckoutPage));

/** Every page that is not in the first download, for warming up once the shop is idle. */
export const lazyPages = [products, product, cart, checkout];

/**
 * The one route table, shared by the kiosk's memory router and the web's browser router.
 * The landing, about and not-found pages are small and come with the first download.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
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
]);

/**
 * Readies the page a deep link opens (/products, /product/3…), so the first render shows the
 * page itself rather than a placeholder the footer would jump from: downloads its code and,
 * on /products, starts the catalogue call beside that code (through the app's query client,
 * only when nothing is cached) rather than after the first render. Never rejects.
 */
export function prepareDeepLink(
  pathname: string,
  catalogueUrl: string,
  catalogue: CatalogueCache,
): Promise<void> {
  const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  const page = path === undefined ? undefined : lazyByPath.get(path);
  // The catalogue call first: on an HTTP/1.1 host it then has a connection before the
  // page's chunks take them all.
  return Promise.all([
    path === 'products' ? prefetchCatalogue(catalogueUrl, catalogue.client) : undefined,
    page?.preload().catch(() => undefined),
  ]).then(() => undefined);
}
