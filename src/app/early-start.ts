/**
 * The web build's early start: a script of a few hundred bytes written inline in index.html
 * before the app's own, so it runs while the parser is still in the page's head and the
 * app's code has not arrived. On a deep link to a lazy page it asks the browser at once for
 * that page's chunk and stylesheet, which the app would otherwise ask for only once its own
 * code has run; the app's import() then finds them loaded (Vite's loader skips a file
 * already hinted). On /products with nothing cached it also hints GET {catalogue}/products
 * (spec §7), exactly the hint the app adds itself a moment later (catalogue-urls.ts
 * preloadCatalogueCall; the query's fetch then takes the response, one request), only
 * sooner: at 10,000 products that answer is megabytes and the slowest part of a cold
 * start. On /product/{id} it hints GET {catalogue}/products/{id} the same way. A hint that
 * failed is taken by the query's fetch too: Chromium hands that fetch the hint's failure
 * rather than asking again (one request for a failing product, spec §7), and the next
 * fetch, Try again, asks anew (tests/e2e/web/robustness.spec.ts, product-detail.spec.ts).
 *
 * Where the files are comes from the page (vite-plugins/early-start.mts writes their names into
 * index.html as JSON), so this script's bytes, and the hash the page's policy allows it by
 * (shared/csp.ts EARLY_START_SCRIPT_HASH), do not change with every build. It imports
 * nothing: code it shared with the app would become a chunk the page loads first. Its few
 * rules restate the app's (which paths open which page, what counts as a cached catalogue),
 * and early-start.test.ts holds them to the app's own.
 */

/** What vite-plugins/early-start.mts writes into index.html (`<script type="application/json">`). */
export interface EarlyHints {
  /** The catalogue's base URL, as the app calls it. */
  catalogue: string;
  /** Files (root-relative) each lazy chunk needs beyond the first download. */
  chunks: Record<'shop' | 'checkout' | 'about', { scripts: string[]; styles: string[] }>;
}

export const EARLY_HINTS_ID = 'shop-early-hints';

/** What a deep link asks for early. */
export interface EarlyRequests {
  scripts: string[];
  styles: string[];
  calls: string[];
}

const NOTHING: EarlyRequests = { scripts: [], styles: [], calls: [] };

/**
 * What a page load of `pathname` will ask for, given the `products` key's raw value
 * (react-router matches a trailing slash too).
 */
export function earlyRequests(
  pathname: string,
  hints: EarlyHints,
  storedProducts: string | null,
): EarlyRequests {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/products') {
    const raw = storedProducts?.trim();
    const cached = raw !== undefined && raw !== '' && raw !== '[]';
    return { ...hints.chunks.shop, calls: cached ? [] : [`${hints.catalogue}/products`] };
  }
  const product = /^\/product\/([^/]+)$/.exec(path)?.[1];
  if (product !== undefined) {
    // The app's rule for an id it asks about (catalogue-urls.ts isProductIdText).
    const asked = /^[1-9]\d{0,15}$/.test(product) && Number.isSafeInteger(Number(product));
    return { ...hints.chunks.shop, calls: asked ? [`${hints.catalogue}/products/${product}`] : [] };
  }
  if (path === '/cart') return { ...hints.chunks.shop, calls: [] };
  if (path === '/checkout') return { ...hints.chunks.checkout, calls: [] };
  if (path === '/about') return { ...hints.chunks.about, calls: [] };
  return NOTHING;
}

function storedProducts(): string | null {
  try {
    return window.localStorage.getItem('products');
  } catch {
    // Storage switched off: nothing is cached, and the app will say so.
    return null;
  }
}

function readHints(doc: Document): EarlyHints | undefined {
  try {
    const text = doc.getElementById(EARLY_HINTS_ID)?.textContent;
    return text ? (JSON.parse(text) as EarlyHints) : undefined;
  } catch {
    return undefined;
  }
}

/** Adds the hints to the page. Without its hints (the kiosk build) it does nothing. */
export function startEarly(doc: Document = document): void {
  const hints = readHints(doc);
  if (!hints) return;
  const wanted = earlyRequests(doc.location.pathname, hints, storedProducts());
  const link = (rel: string, href: string, as?: string): void => {
    const element = doc.createElement('link');
    element.rel = rel;
    if (as) element.as = as;
    // Anonymous CORS, as the app asks for each (module scripts, the stylesheets Vite adds
    // for a chunk, the query's fetch): a hint of another mode would not be reused.
    element.crossOrigin = 'anonymous';
    element.href = href;
    doc.head.append(element);
  };
  for (const call of wanted.calls) link('preload', call, 'fetch');
  for (const style of wanted.styles) link('preload', style, 'style');
  for (const script of wanted.scripts) link('modulepreload', script);
}
