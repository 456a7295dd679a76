/**
 * GET {catalogue host}/products/{id} (spec §7), without React: the product page's query
 * (product-query.ts) and its early paint (../early-cards/early-product.ts) both call it.
 */
import { parseProduct, type Product } from '@shared/product-rule';
import { CATALOGUE_TIMEOUT_MS, CatalogueError, getCatalogueJson } from './catalogue-client';
import { productUrl } from './catalogue-urls';

export const PRODUCT_FAILED = 'Failed to fetch product';

/**
 * The largest single product the shop reads: 1 MB, far above the largest valid one (a
 * 20,000-character description and a 2,000-character image URL are under 100 kB).
 */
export const PRODUCT_MAX_BYTES = 1_000_000;

/** Spec §8: a non-ok status (or an id that names nothing) is 'Failed to fetch product'. */
export async function fetchProduct(
  baseUrl: string,
  id: string,
  signal?: AbortSignal,
  timeoutMs = CATALOGUE_TIMEOUT_MS,
): Promise<Product> {
  const url = productUrl(baseUrl, id);
  if (url === undefined) throw new CatalogueError(PRODUCT_FAILED);
  const product = parseProduct(
    await getCatalogueJson(url, PRODUCT_FAILED, signal, timeoutMs, PRODUCT_MAX_BYTES),
  );
  if (!product) throw new CatalogueError(PRODUCT_FAILED);
  return product;
}
