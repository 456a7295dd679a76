/** Catalogue URL matchers and route helpers (the same paths serve web and kiosk builds). */
import type { Page, Request } from '@playwright/test';

export const SERVER_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

export const isCatalogueList = (url: URL): boolean => url.pathname === '/api/products';
export const isProductDetail = (url: URL): boolean => /^\/api\/products\/[^/]+$/.test(url.pathname);

/** Collects requests matching a predicate from now on. */
export function trackRequests(page: Page, predicate: (request: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (predicate(request)) seen.push(request);
  });
  return seen;
}

/** Serves a given JSON body for matching requests. */
export async function fulfilJson(
  page: Page,
  matcher: (url: URL) => boolean,
  body: unknown,
): Promise<void> {
  const text = JSON.stringify(body);
  await page.route(matcher, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: text }),
  );
}
