/**
 * The launch screen's tests' own: a landing page's markup as React's server renderer writes
 * it, in short, a bridge, a page naming its build, and a storage to read from.
 */
import { BUILD_META } from '@/app/first-screens/launch-screen';

/** A landing page's markup as React's server renderer writes it, in short. */
export const LANDING =
  '<!--$--><!--/$--><div class="contents"><div role="status" aria-live="polite" class="sr-only">' +
  '<span></span></div><header><a href="/" class="logo"><svg viewBox="0 0 64 64" width="36" ' +
  'height="36" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" ' +
  'fill="#1d4ed8"></rect><path d="M18 24h28l-3 22H21z" fill="#fff"></path></svg>Kiosk Shop</a>' +
  '<a href="/cart" aria-label="Cart, 0 items">0</a></header><main id="main" tabindex="-1">' +
  '<h1>Everything you love, ready when you are</h1><a href="/products" class="btn-primary">' +
  'Start Shoping</a><a href="/products?category=men&#x27;s%20clothing">Men&#x27;s clothing</a>' +
  '</main><dialog aria-labelledby="t"><form><label for="pin">PIN</label><input id="pin" ' +
  'type="password" inputMode="numeric" autoComplete="off" required="" maxLength="32" value=""/>' +
  '<button type="submit" autofocus="">Close kiosk</button></form></dialog></div>';

export const CONFIG = {
  catalogueUrl: 'https://catalogue.test',
  mode: 'kiosk',
  defaultLanguage: 'en',
};

/** A preload bridge with `config` and a few parts. */
export function bridgeWith(config: unknown = CONFIG) {
  return {
    getConfig: () => config,
    printReceipt: () => Promise.resolve({ status: 'printed' }),
    version: 3,
  };
}

/** The test's document as the kiosk's page: its build named, an empty root. */
export function pageOf(build = 'b1234'): Document {
  document.head.innerHTML = `<meta charset="UTF-8"><meta name="${BUILD_META}" content="${build}">`;
  document.body.innerHTML = '<div id="root"></div>';
  delete document.documentElement.dataset.launchScreen;
  return document;
}

/** A storage holding `values`, read raw. */
export function storageOf(values: Record<string, string>) {
  return (key: string): string | null => values[key] ?? null;
}

export const EMPTY_CART = { cart: '[]', savings: '0', totalPriceBeforeTax: '0' };
