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
 * Before all that, on a page whose first screen the build wrote as HTML
 * (vite-plugins/first-screens.mts), it checks that this visit would render that screen,
 * and hides it before the page paints when not (firstScreenUsable).
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

/** The lazy pages with nothing to call early, and their chunks. */
const LAZY_PAGES: Partial<Record<string, keyof EarlyHints['chunks']>> = {
  '/cart': 'shop',
  '/checkout': 'checkout',
  '/about': 'about',
};

/** The path as the router matches it (it matches a trailing slash too). */
const pathOf = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

/** A stored value that is not empty: a cached catalogue, or a cart that may hold lines. */
const holdsSomething = (raw: string | null): boolean => !/^\s*(\[\])?\s*$/.test(raw ?? '');

/** The pages of the route table (routes.tsx) a path may open, besides a product and not found. */
const PAGES = ['/', '/home', '/about', '/products', '/cart', '/checkout'];

/**
 * The route of the route table a path opens, as a written screen names it: a page's path,
 * '/product/:id', or '*' (not found). The router ignores case; a path it would decode
 * (a '%') keeps its own, a name no screen has, so no written screen is taken for it.
 */
export function routeOf(pathname: string): string {
  const path = pathOf(pathname).toLowerCase();
  if (path.includes('%')) return path;
  if (PAGES.includes(path)) return path;
  return /^\/product\/[^/]+$/.test(path) ? '/product/:id' : '*';
}

/**
 * What a page load of `pathname` will ask for, given the `products` key's raw value
 * (react-router matches a trailing slash too).
 */
export function earlyRequests(
  pathname: string,
  hints: EarlyHints,
  storedProducts: string | null,
): EarlyRequests {
  const route = routeOf(pathname);
  if (route === '/products') {
    const calls = holdsSomething(storedProducts) ? [] : [`${hints.catalogue}/products`];
    return { ...hints.chunks.shop, calls };
  }
  if (route === '/product/:id') {
    const product = pathOf(pathname).slice('/product/'.length);
    // The app's rule for an id it asks about (catalogue-urls.ts isProductIdText).
    const asked = /^[1-9]\d{0,15}$/.test(product) && Number.isSafeInteger(Number(product));
    return { ...hints.chunks.shop, calls: asked ? [`${hints.catalogue}/products/${product}`] : [] };
  }
  const chunk = LAZY_PAGES[route];
  return chunk ? { ...hints.chunks[chunk], calls: [] } : NOTHING;
}

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage switched off: nothing is cached, and the app will say so.
    return null;
  }
}

/** The meta element naming the route a page's HTML was written for (first-screen-routes.ts). */
export const FIRST_SCREEN_META = 'shop-first-screen';

/**
 * The pages that would show at once what a cached catalogue holds: the empty cart's
 * suggestions. The products page takes its written screen over loading
 * (src/lib/first-screen-pass.ts), its cards painted by its early cards from the cache; a
 * product's page calls for its product whatever is cached (spec §7), and is painted from
 * that call the same way.
 */
const CATALOGUE_PAGES = ['/cart'];

/**
 * Whether the first screen written into the page (for `route`) is what the app will render
 * for this visit, so React may take it over: the same route (a static host may answer other
 * paths with another page), English, an empty cart (the header counts the cart on every
 * screen), and on the cart no cached catalogue (its suggestions show it at once). Anything else, a cart that merely might hold items included, says no: the app then
 * renders as it always has, and the written screen is never shown. `stored` reads a key of the visit's
 * storage, raw: the remembered language (language-store.ts LANGUAGE_KEY) and the spec's
 * `cart` and `products`.
 */
export function firstScreenUsable(
  pathname: string,
  route: string,
  stored: (key: string) => string | null,
): boolean {
  return (
    routeOf(pathname) === route &&
    (stored('shopLanguage') ?? 'en') === 'en' &&
    !holdsSomething(stored('cart')) &&
    (!CATALOGUE_PAGES.includes(route) || !holdsSomething(stored('products')))
  );
}

function readHints(doc: Document): EarlyHints | undefined {
  try {
    const text = doc.getElementById(EARLY_HINTS_ID)?.textContent;
    return text ? (JSON.parse(text) as EarlyHints) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A first screen this visit would not match is never painted: the page stays hidden until
 * main.tsx has cleared it and rendered the app in its place. Returns the route the page's
 * screen was written for, where it is shown.
 */
function checkFirstScreen(doc: Document): string | undefined {
  const route = doc.querySelector<HTMLMetaElement>(`meta[name=${FIRST_SCREEN_META}]`)?.content;
  if (route === undefined) return undefined;
  if (firstScreenUsable(doc.location.pathname, route, stored)) return route;
  doc.documentElement.hidden = true;
  return undefined;
}

/**
 * Checks the page's first screen, and adds the hints to the page. Without its hints (the
 * kiosk build) it adds none.
 */
export function startEarly(doc: Document = document): void {
  const shown = checkFirstScreen(doc);
  const hints = readHints(doc);
  if (!hints) return;
  const wanted = earlyRequests(doc.location.pathname, hints, stored('products'));
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
  // Where the products page or a product's page is shown as written, the early paint comes
  // before the app's code runs (src/app/early-cards.ts): there the chunks are only fetched. A module preload
  // also compiles them, on the main thread, ahead of the cards: on a phone-class CPU that
  // held a first visit's cards back by a seventh.
  const compileLater = shown === '/products' || shown === '/product/:id';
  for (const script of wanted.scripts) {
    if (compileLater) link('preload', script, 'script');
    else link('modulepreload', script);
  }
}
