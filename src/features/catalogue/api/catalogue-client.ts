import { parseProduct, parseProductList, type Product } from './product-schema';

/** A catalogue failure with the message the shopper sees after 'Error: '. */
export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export const PRODUCTS_FAILED = 'Failed to fetch products';
export const PRODUCT_FAILED = 'Failed to fetch product';

async function getJson(url: string, failure: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new CatalogueError(failure);
  // The public FakeStore API answers an unknown id with 200 and an empty body.
  const body = await response.text();
  if (!body.trim()) throw new CatalogueError(failure);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new CatalogueError(failure);
  }
}

export async function fetchProducts(baseUrl: string, signal?: AbortSignal): Promise<Product[]> {
  const body = await getJson(`${baseUrl}/products`, PRODUCTS_FAILED, signal);
  const products = parseProductList(body, 'the catalogue');
  if (!products) throw new CatalogueError(PRODUCTS_FAILED);
  return products;
}

/** Catalogue ids are whole numbers; anything else cannot name a product. */
export function isProductId(id: string): boolean {
  return /^\d{1,15}$/.test(id);
}

export async function fetchProduct(
  baseUrl: string,
  id: string,
  signal?: AbortSignal,
): Promise<Product> {
  // Never put an odd id into a URL path ("..", "%2F"): it could address another resource.
  if (!isProductId(id)) throw new CatalogueError(PRODUCT_FAILED);
  const body = await getJson(`${baseUrl}/products/${id}`, PRODUCT_FAILED, signal);
  const product = parseProduct(body);
  if (!product) throw new CatalogueError(PRODUCT_FAILED);
  return product;
}
