/**
 * A returning web visitor's kept screens: the last page rendered at an address, kept by the
 * service worker as a page of its own, and answered for that address before the app's code
 * has run (src/service-worker/sw.ts), then taken over by React (hydrateRoot).
 *
 * The build writes each route's first screen as a first visit sees it (English, an empty
 * cart: first-screen-routes.ts). A visit in another language, or with items in the cart,
 * cannot use those, and the app rendered its page before anything was painted. So, once a
 * page of such a visit has been shown, the page renders itself with React's server renderer
 * (keep-visit-screens.ts) and hands the markup to its worker, keyed by everything the first
 * render is drawn from: the address, the remembered language, the cart's three keys and the
 * cached catalogue. The worker puts it into this build's page (composeKeptPage), with a
 * check (src/kept-check.ts) that compares the key with the visit's storage before the page
 * paints, and hides it when they differ: the app then renders as it always has.
 *
 * This file is the key, read by the page (kept-check.ts, keep-visit-screens.ts); the
 * worker's side, what it accepts and the page it makes, is src/service-worker/kept-pages.ts.
 */

/** The meta element a kept page carries: its key in `content`, its address in data-path. */
export const KEPT_SCREEN_META = 'shop-kept-screen';

/** What the first render of a page is drawn from, beside its address. */
export const KEPT_SCREEN_SOURCES = [
  'shopLanguage',
  'cart',
  'savings',
  'totalPriceBeforeTax',
  'products',
] as const;

/**
 * Beyond this much stored text no screen is kept: hashing a catalogue of thousands of
 * products before the page paints would cost more than the painted screen saves.
 */
export const KEPT_SOURCES_MAX_CHARS = 400_000;

/**
 * Two 32-bit multiplicative hashes of different seeds and primes, so a collision needs both,
 * in one pass: the check runs it before a kept page paints, on a phone's CPU too.
 */
function hashesOf(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x9747b28c;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x5bd1e995);
  }
  return `${(first >>> 0).toString(36)}.${(second >>> 0).toString(36)}`;
}

/**
 * The key of everything a page's first render is drawn from, read from the visit's storage
 * (raw), or null when it cannot be: too much stored, or storage unreadable.
 */
export function keptScreenKey(stored: (key: string) => string | null): string | null {
  try {
    let text = '';
    for (const name of KEPT_SCREEN_SOURCES) {
      const value = stored(name);
      text += value === null ? '-\u0000' : `${value.length}:${value}\u0000`;
      if (text.length > KEPT_SOURCES_MAX_CHARS) return null;
    }
    const length = text.length.toString(36);
    return `k1.${length}.${hashesOf(text)}`;
  } catch {
    return null;
  }
}
