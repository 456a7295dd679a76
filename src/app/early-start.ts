/**
 * The web build's early start: a script of a few hundred bytes that index.html loads
 * before the app's (async), so it runs while the app's code is still downloading and
 * compiling. On a deep link to a lazy page it asks the browser at once for that page's
 * chunk and stylesheet, which the app would otherwise ask for only once its own code has
 * run; the app's import() then finds them loaded (Vite's loader skips a file already
 * hinted). The catalogue call is not asked for here: a hint that failed (a dropped
 * connection) is not reused, and the app would ask again, where the spec allows one call;
 * the app starts that call itself, the moment its code runs (routes.tsx prepareDeepLink).
 *
 * Where the files are comes from the page (vite.web.config.mts writes their names into
 * index.html as JSON), so this file's bytes, and its hashed name, do not change with every
 * build. It imports nothing: code it shared with the app would become a chunk of its own in
 * the first download. Its paths restate the route table's, and early-start.test.ts holds
 * them to it.
 */

/** What vite.web.config.mts writes into index.html (`<script type="application/json">`). */
export interface EarlyHints {
  /** Files (root-relative) each lazy chunk needs beyond the first download. */
  chunks: Record<'shop' | 'checkout' | 'about', { scripts: string[]; styles: string[] }>;
}

export const EARLY_HINTS_ID = 'shop-early-hints';

/** What a deep link asks for early. */
export interface EarlyRequests {
  scripts: string[];
  styles: string[];
}

const NOTHING: EarlyRequests = { scripts: [], styles: [] };

/** The files a page load of `pathname` will need (react-router matches a trailing slash too). */
export function earlyRequests(pathname: string, hints: EarlyHints): EarlyRequests {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/products' || path === '/cart' || /^\/product\/[^/]+$/.test(path)) {
    return hints.chunks.shop;
  }
  if (path === '/checkout') return hints.chunks.checkout;
  if (path === '/about') return hints.chunks.about;
  return NOTHING;
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
  const wanted = earlyRequests(doc.location.pathname, hints);
  const link = (rel: string, href: string, as?: string): void => {
    const element = doc.createElement('link');
    element.rel = rel;
    if (as) element.as = as;
    // Anonymous CORS, as the app asks for each (module scripts, and the stylesheets Vite
    // adds for a chunk): a hint of another mode would not be reused.
    element.crossOrigin = 'anonymous';
    element.href = href;
    doc.head.append(element);
  };
  for (const style of wanted.styles) link('preload', style, 'style');
  for (const script of wanted.scripts) link('modulepreload', script);
}
