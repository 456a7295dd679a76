/**
 * The catalogue's pages and their data layer, as one module: everything the app loads with
 * import() for /products, /product/:id and /cart comes through here, so the bundler makes
 * it one chunk. Left to itself it cut the same code into eight chunks by what the pages
 * happen to share (React Query's core in three of them), and a deep link to /products
 * waited for all eight, two rounds of requests on HTTP/1.1's six connections, each file
 * then compiled and run on its own. The checkout page (and its QR code) stays apart: a
 * shopper reaches it only through the cart.
 *
 * It brings the whole stylesheet: the first download has only first-screen.css. And the
 * rehearsal of a page (./rehearse-page.tsx), which only ever follows this chunk.
 *
 * Not a door for features or pages: only the app imports it, and only with import().
 */
import '@/styles.css';

export { ProductsPage } from '@/pages/products-page';
export { ProductPage } from '@/pages/product-page';
export { CartPage } from '@/pages/cart-page';
export {
  CatalogueProvider,
  createCatalogueQueryClient,
} from '@/features/catalogue/catalogue-provider';
export { prefetchProducts, readyCachedProducts } from '@/features/catalogue/api/products-query';
export { prefetchProduct } from '@/features/catalogue/api/product-query';
export { rehearsePage } from './rehearse-page';
