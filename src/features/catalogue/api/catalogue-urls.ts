import { isProductId } from '@shared/product-rule';

/** Where a catalogue keeps its product list (spec §7: GET {catalogue host}/products). */
export const productsUrl = (baseUrl: string): string => `${baseUrl}/products`;

/** An id from a URL: plain digits naming a positive whole number ('007', '1e3' do not). */
export function isProductIdText(id: string): boolean {
  return /^[1-9]\d{0,15}$/.test(id) && isProductId(Number(id));
}

/**
 * One product (spec §7: GET {catalogue host}/products/{id}); undefined for an id that is
 * not one, which never goes into a URL path ("..", "%2F" could address another resource).
 */
export const productUrl = (baseUrl: string, id: string): string | undefined =>
  isProductIdText(id) ? `${baseUrl}/products/${id}` : undefined;

/**
 * Asks the browser to start a catalogue GET at once (a preload hint), for the fetch its
 * query makes a moment later: a deep link's request then starts beside the page's code
 * instead of after the data layer's. That fetch takes the preloaded response, so it is
 * still one request, and the answer still reaches the page only through the query (no
 * response is kept in the shop's own code). Asked twice for one URL, it hints once.
 */
export function preloadCatalogueCall(url: string): void {
  const hinted = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
  if (hinted.some((link) => link.href === new URL(url, document.baseURI).href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  // The mode and credentials of the query's fetch, or the browser would not reuse it.
  link.crossOrigin = 'anonymous';
  link.href = url;
  document.head.append(link);
}
