/** Where a catalogue keeps its product list (spec §7: GET {catalogue host}/products). */
export const productsUrl = (baseUrl: string): string => `${baseUrl}/products`;

/**
 * Asks the browser to start GET /products at once (a preload hint), for the fetch the
 * products query makes a moment later: a deep link's request then starts beside the page's
 * code instead of after the data layer's. That fetch takes the preloaded response, so it is
 * still one request, and the answer still reaches the page only through the query (no
 * response is kept in the shop's own code).
 */
export function preloadProducts(baseUrl: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  // The mode and credentials of the query's fetch, or the browser would not reuse it.
  link.crossOrigin = 'anonymous';
  link.href = productsUrl(baseUrl);
  document.head.append(link);
}
