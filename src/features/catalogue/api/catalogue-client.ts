import { parseProduct, parseProductList, type Product } from '@shared/product-rule';

/** A catalogue failure with the message the shopper sees after 'Error: '. */
export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export const PRODUCTS_FAILED = 'Failed to fetch products';
export const PRODUCT_FAILED = 'Failed to fetch product';

export const TIMED_OUT = 'The catalogue did not answer in time';
/** An offline kiosk must not show skeletons forever: give up and offer 'Try again'. */
export const CATALOGUE_TIMEOUT_MS = 15_000;

/**
 * Responses already on their way, by URL, each used by the next request for it and then
 * forgotten (see startProductsDownload).
 */
const headStarts = new Map<string, Promise<Response>>();

/**
 * Starts downloading the catalogue now, for the query that will ask for it in a moment:
 * a deep link to /products can fetch while the page's own code downloads, not after.
 * Gives up at the same deadline as any catalogue request.
 */
export function startProductsDownload(baseUrl: string): void {
  const url = `${baseUrl}/products`;
  if (headStarts.has(url)) return;
  const response = fetch(url, {
    signal: AbortSignal.timeout(CATALOGUE_TIMEOUT_MS),
    headers: { Accept: 'application/json' },
  });
  // A failure is the request's to report, when it takes this response.
  response.catch(() => undefined);
  headStarts.set(url, response);
}

function takeHeadStart(url: string): Promise<Response> | undefined {
  const response = headStarts.get(url);
  headStarts.delete(url);
  return response;
}

async function getJson(
  url: string,
  failure: string,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let body: string;
  try {
    const response = await (takeHeadStart(url) ??
      fetch(url, { signal: combined, headers: { Accept: 'application/json' } }));
    if (!response.ok) throw new CatalogueError(failure);
    body = await response.text();
  } catch (error) {
    if (timeout.aborted && !signal?.aborted) throw new CatalogueError(TIMED_OUT);
    // A head start has a deadline of its own.
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new CatalogueError(TIMED_OUT);
    }
    throw error;
  }
  // The public FakeStore API answers an unknown id with 200 and an empty body.
  if (!body.trim()) throw new CatalogueError(failure);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new CatalogueError(failure);
  }
}

export async function fetchProducts(
  baseUrl: string,
  signal?: AbortSignal,
  timeoutMs = CATALOGUE_TIMEOUT_MS,
): Promise<Product[]> {
  const body = await getJson(`${baseUrl}/products`, PRODUCTS_FAILED, signal, timeoutMs);
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
  timeoutMs = CATALOGUE_TIMEOUT_MS,
): Promise<Product> {
  // Never put an odd id into a URL path ("..", "%2F"): it could address another resource.
  if (!isProductId(id)) throw new CatalogueError(PRODUCT_FAILED);
  const body = await getJson(`${baseUrl}/products/${id}`, PRODUCT_FAILED, signal, timeoutMs);
  const product = parseProduct(body);
  if (!product) throw new CatalogueError(PRODUCT_FAILED);
  return product;
}
