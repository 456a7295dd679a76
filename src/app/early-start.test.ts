import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { productsUrl, productUrl } from '@/features/catalogue/api/catalogue-urls';
import { mayHaveCachedProducts, PRODUCTS_KEY } from '@/features/catalogue/products-key';
import { CART_STORAGE_KEYS } from '@/features/cart/store/stored-values';
import { DEFAULT_LANGUAGE } from '@/i18n/languages';
import { LANGUAGE_KEY } from '@/i18n/language-store';
import {
  EARLY_HINTS_ID,
  earlyRequests,
  FIRST_SCREEN_META,
  firstScreenUsable,
  routeOf,
  startEarly,
  type EarlyHints,
} from './early-start';
import { FIRST_SCREEN_ROUTES } from './first-screens/first-screen-routes';
import { lazyPages, routes } from './routes';

const HINTS: EarlyHints = {
  catalogue: 'https://catalogue.test',
  chunks: {
    shop: { scripts: ['/assets/shop-pages-1.js'], styles: ['/assets/styles-1.css'] },
    checkout: { scripts: ['/assets/checkout-pages-1.js'], styles: ['/assets/styles-1.css'] },
    about: { scripts: ['/assets/about-page-1.js'], styles: [] },
  },
};

function addHints(): void {
  const json = document.createElement('script');
  json.type = 'application/json';
  json.id = EARLY_HINTS_ID;
  json.textContent = JSON.stringify(HINTS);
  document.head.append(json);
}

afterEach(() => {
  localStorage.clear();
  document.head.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('the early start (web build)', () => {
  it('asks for the chunk of each lazy page the route table has, and for nothing else', () => {
    expect(lazyPages).toHaveLength(5);
    const lazy: Record<string, keyof EarlyHints['chunks']> = {
      products: 'shop',
      'product/:id': 'shop',
      cart: 'shop',
      checkout: 'checkout',
      about: 'about',
    };
    for (const path of [
      '/',
      '/home',
      '/about',
      '/products',
      '/products/',
      '/product/3',
      '/product/abc',
      '/cart',
      '/checkout',
      '/nope',
      '/product/3/x',
    ]) {
      const route = matchRoutes(routes, path)?.at(-1)?.route.path ?? '';
      const chunk = lazy[route];
      const { scripts, styles } = earlyRequests(path, HINTS, '[{"id":1}]');
      expect({ scripts, styles }, path).toEqual(
        chunk ? HINTS.chunks[chunk] : { scripts: [], styles: [] },
      );
    }
  });

  it('hints /products’ catalogue call exactly when the app will make it (spec §7)', () => {
    for (const raw of [null, '', '  ', '[]', ' [] ', '[{"id":1}]', 'not json', '{}']) {
      if (raw === null) localStorage.removeItem(PRODUCTS_KEY);
      else localStorage.setItem(PRODUCTS_KEY, raw);
      const calls = earlyRequests('/products', HINTS, raw).calls;
      expect(calls, JSON.stringify(raw)).toEqual(
        mayHaveCachedProducts() ? [] : [productsUrl(HINTS.catalogue)],
      );
    }
  });

  it('hints a product page’s call exactly when the app will make it (spec §7)', () => {
    for (const id of ['3', '1', '007', '0', '-1', '1.5', '1e3', 'abc', '9007199254740993', '..']) {
      const url = productUrl(HINTS.catalogue, id);
      for (const stored of [null, '[{"id":1}]']) {
        expect(earlyRequests(`/product/${id}`, HINTS, stored).calls, id).toEqual(
          url === undefined ? [] : [url],
        );
      }
    }
    expect(earlyRequests('/product/3/', HINTS, null).calls).toEqual([
      productUrl(HINTS.catalogue, '3'),
    ]);
  });

  it('adds them to the page as anonymous CORS requests, as the app makes them', () => {
    addHints();
    window.history.replaceState(null, '', '/products');
    startEarly();
    const links = [...document.head.querySelectorAll('link')].map((link) => ({
      rel: link.rel,
      as: link.getAttribute('as'),
      href: link.getAttribute('href'),
      crossOrigin: link.crossOrigin,
    }));
    expect(links).toEqual([
      { rel: 'preload', as: 'fetch', href: productsUrl(HINTS.catalogue), crossOrigin: 'anonymous' },
      { rel: 'preload', as: 'style', href: '/assets/styles-1.css', crossOrigin: 'anonymous' },
      { rel: 'modulepreload', as: null, href: '/assets/shop-pages-1.js', crossOrigin: 'anonymous' },
    ]);
  });

  it('only fetches the chunks on the products page written for its early cards', () => {
    addHints();
    const meta = document.createElement('meta');
    meta.name = FIRST_SCREEN_META;
    meta.content = '/products';
    document.head.append(meta);
    window.history.replaceState(null, '', '/products');
    startEarly();
    const scripts = [...document.head.querySelectorAll('link[href$=".js"]')].map((link) => [
      link.getAttribute('rel'),
      link.getAttribute('as'),
    ]);
    expect(scripts).toEqual([['preload', 'script']]);
    // A visit the written screen does not fit (another language): the app starts at once.
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    window.localStorage.setItem(LANGUAGE_KEY, 'de');
    startEarly();
    expect(document.documentElement.hidden).toBe(true);
    expect(document.head.querySelector('link[href$=".js"]')?.getAttribute('rel')).toBe(
      'modulepreload',
    );
    document.documentElement.hidden = false;
  });

  it('does nothing without its hints, as in the kiosk build', () => {
    window.history.replaceState(null, '', '/products');
    startEarly();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});

describe('the first screen written into the page', () => {
  /** A visit's storage holding these raw values. */
  const holding =
    (values: Record<string, string> = {}) =>
    (key: string): string | null =>
      values[key] ?? null;
  const FIRST_VISIT = holding();

  function writtenFor(route: string): void {
    const meta = document.createElement('meta');
    meta.name = FIRST_SCREEN_META;
    meta.content = route;
    document.head.append(meta);
  }

  afterEach(() => {
    document.documentElement.hidden = false;
  });

  it('is used on its own route, with or without a trailing slash, by a first visit', () => {
    for (const { path, renderAt } of FIRST_SCREEN_ROUTES) {
      expect(firstScreenUsable(renderAt, path, FIRST_VISIT), path).toBe(true);
      expect(firstScreenUsable(`${renderAt}/`, path, FIRST_VISIT), path).toBe(true);
    }
    for (const path of ['/product/7', '/PRODUCT/abc', '/product/1.5']) {
      expect(firstScreenUsable(path, '/product/:id', FIRST_VISIT), path).toBe(true);
    }
    for (const path of ['/nowhere', '/products/1', '/product/1/2', '/About/more']) {
      expect(firstScreenUsable(path, '*', FIRST_VISIT), path).toBe(true);
    }
    const emptied = holding({ shopLanguage: 'en', cart: ' [] ', products: '[]' });
    expect(firstScreenUsable('/about', '/about', emptied)).toBe(true);
    expect(firstScreenUsable('/cart', '/cart', holding({ cart: '', products: '' }))).toBe(true);
  });

  it('is not used on another route: the landing page answering a deep link', () => {
    for (const path of ['/products', '/product/1', '/home', '/cart', '/nowhere']) {
      expect(firstScreenUsable(path, '/', FIRST_VISIT), path).toBe(false);
    }
    // A path the router decodes is never matched to a screen here.
    for (const path of ['/%61bout', '/product/%31', '/nowhere%20']) {
      for (const { path: route } of FIRST_SCREEN_ROUTES) {
        expect(firstScreenUsable(path, route, FIRST_VISIT), `${path} ${route}`).toBe(false);
      }
    }
  });

  it('names the route the app’s route table opens for a path', () => {
    const paths = [
      '/',
      '/home',
      '/ABOUT',
      '/products/',
      '/product/3',
      '/product/x',
      '/cart',
      '/checkout',
      '/nowhere',
      '/products/3',
      '/product/3/4',
      '/home/x',
      '/Product/9',
    ];
    for (const path of paths) {
      const route = matchRoutes(routes, path)?.at(-1)?.route.path;
      const named = route === undefined ? '/' : route === '*' ? '*' : `/${route}`;
      expect(routeOf(path), path).toBe(named);
    }
  });

  it('is not used in another language, or with anything at all in the cart', () => {
    for (const language of ['es', 'fr', 'de', 'ar', 'en-XA', 'EN', 'garbage']) {
      expect(firstScreenUsable('/', '/', holding({ shopLanguage: language })), language).toBe(
        false,
      );
    }
    for (const cart of ['[{"id":1,"quantity":2}]', 'not json', '[ ]', '{}', 'null']) {
      expect(firstScreenUsable('/', '/', holding({ cart })), cart).toBe(false);
    }
  });

  it('is not used on the cart once a catalogue is cached: its suggestions show it', () => {
    const cached = holding({ products: '[{"id":1}]' });
    expect(firstScreenUsable('/cart', '/cart', cached)).toBe(false);
    // The products page is taken over loading; its early cards paint the cached catalogue.
    expect(firstScreenUsable('/products', '/products', cached)).toBe(true);
    // A product's page calls for its product whatever is cached, and paints from that call.
    expect(firstScreenUsable('/product/1', '/product/:id', cached)).toBe(true);
    for (const route of ['/', '/about', '/checkout']) {
      expect(firstScreenUsable(route, route, cached), route).toBe(true);
    }
    expect(firstScreenUsable('/nowhere', '*', cached)).toBe(true);
  });

  it('reads the keys the app reads, in the language the app starts in', () => {
    expect(LANGUAGE_KEY).toBe('shopLanguage');
    expect(CART_STORAGE_KEYS.cart).toBe('cart');
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('is hidden before the page paints when the visit would not render it', () => {
    writtenFor('/');
    window.history.replaceState(null, '', '/');
    startEarly();
    expect(document.documentElement.hidden).toBe(false);

    localStorage.setItem('shopLanguage', 'fr');
    startEarly();
    expect(document.documentElement.hidden).toBe(true);
  });

  it('leaves a page with no written screen as it is (the kiosk build)', () => {
    localStorage.setItem('shopLanguage', 'fr');
    startEarly();
    expect(document.documentElement.hidden).toBe(false);
  });
});
