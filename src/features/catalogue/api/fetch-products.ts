/**
 * GET {catalogue host}/products (spec §7), read and checked: what the products query calls
 * (products-query.ts), and the products page's early cards (../early-cards/), which must
 * not bring React or the query library with them.
 */
import { parseProductList, type Product } from '@shared/product-rule';
import { CATALOGUE_TIMEOUT_MS, CatalogueError, getCatalogueJson } from './catalogue-client';
import { productsUrl } from './catalogue-urls';

export const PRODUCTS_FAILED = 'Failed to fetch products';

/**
 * The largest product list the shop reads: 20 MB holds about 60,000 FakeStore products.
 * A larger answer is 'Failed to fetch products' with Try again, never read whole.
 */
export const PRODUCTS_MAX_BYTES = 20_000_000;

/** The catalogue's products; the invalid ones are dropped with a warning, never a crash. */
export async function fetchProducts(
  baseUrl: string,
  signal?: AbortSignal,
  timeoutMs = CATALOGUE_TIMEOUT_MS,
): Promise<Product[]> {
  const body = await getCatalogueJson(
    productsUrl(baseUrl),
    PRODUCTS_FAILED,
    signal,
    timeoutMs,
    PRODUCTS_MAX_BYTES,
  );
  const products = parseProductList(body, 'the catalogue');
  if (!products) throw new CatalogueError(PRODUCTS_FAILED);
  return products;
}
