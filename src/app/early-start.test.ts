import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { productsUrl } from '@/features/catalogue/api/catalogue-urls';
import { mayHaveCachedProducts, PRODUCTS_KEY } from '@/features/catalogue/products-cache';
import { EARLY_HINTS_ID, earlyRequests, startEarly, type EarlyHints } from './early-start';
import { lazyPages, routes } from './routes';

const HINTS: EarlyHints = {
  catalogue: 'https://catalogue.test',
  chunks: {
    shop: { scripts: ['/assets/shop-pages-1.js'], styles: ['/assets/styles-1.css'] },
    checkout: { scripts: ['/assets/checkout-pages-1.js'], styles: ['/assets/styles-1.css'] },
    about: { scripts: ['/assets/about-page-1.js'], styles: [] },
  },
};

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
      expect(earlyRequests(path, HINTS, '[{"id":1}]'), path).toEqual(
        chunk ? { ...HINTS.chunks[chunk], calls: [] } : { scripts: [], styles: [], calls: [] },
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
    // A product page's call is the app's alone (a failed hint would make it ask twice).
    expect(earlyRequests('/product/3', HINTS, null).calls).toEqual([]);
  });

  it('adds them to the page as anonymous CORS requests, as the app makes them', () => {
    const json = document.createElement('script');
    json.type = 'application/json';
    json.id = EARLY_HINTS_ID;
    json.textContent = JSON.stringify(HINTS);
    document.head.append(json);
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

  it('does nothing without its hints, as in the kiosk build', () => {
    window.history.replaceState(null, '', '/products');
    startEarly();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
