import fc from 'fast-check';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeptScreenMessage } from '../../service-worker/kept-pages';
import { firstScreenUsable, routeOf } from '../early-start';
import { useWrittenScreenPass } from '@/lib/first-screen-pass';
import {
  keepScreenNow,
  keepVisitScreens,
  withoutImageHints,
  writtenScreenDoes,
} from './keep-visit-screens';
import { KEPT_MARK, KEPT_REDRAWN } from './kept-check';
import { KEPT_SCREEN_META, keptScreenKey } from './kept-screen-key';

let visit: Record<string, string>;
const stored = (key: string): string | null => visit[key] ?? null;
let sent: KeptScreenMessage[];
const worker = { postMessage: (message: KeptScreenMessage) => void sent.push(message) };

function Cart() {
  return (
    <main>
      <h1>Carrito</h1>
      <p>{visit.cart}</p>
    </main>
  );
}

/** A screen of the cached catalogue: its cards, but as written where the build writes it. */
function Catalogue() {
  return <p>{useWrittenScreenPass() ? 'Loading...' : 'Six cards'}</p>;
}

const keeping = (overrides = {}) => ({
  doc: document,
  app: () => <Cart />,
  worker: () => worker,
  stored,
  renderToString,
  ...overrides,
});

beforeEach(() => {
  visit = { shopLanguage: 'es', cart: '{"state":{"cart":[{"id":1,"quantity":2}]}}' };
  sent = [];
  window.history.replaceState(null, '', '/cart');
  document.documentElement.lang = 'es';
  document.documentElement.dir = 'ltr';
  for (const href of ['/assets/styles-Ab1.css', 'https://elsewhere.example/assets/x.css']) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
});

afterEach(() => {
  document.head.replaceChildren();
  document.documentElement.removeAttribute('data-kept-screen');
  vi.useRealTimers();
});

describe('whether the build’s written screen does for a visit', () => {
  it('is the early start’s rule, but for the products page’s cards (400 random visits)', () => {
    const raw = fc.option(
      fc.constantFrom('', '[]', ' [] ', '{"state":{"cart":[]}}', '[{"id":1}]', 'x'),
      {
        nil: null,
      },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(
          '/',
          '/cart',
          '/CART/',
          '/cart//',
          '/products',
          '/Products/',
          '/product/3',
          '/nope',
          '/about/',
        ),
        fc.option(fc.constantFrom('en', 'es', 'ar', ''), { nil: null }),
        raw,
        raw,
        (path, language, cart, products) => {
          const values: Record<string, string | null> = { shopLanguage: language, cart, products };
          const read = (key: string) => values[key] ?? null;
          const route = routeOf(path);
          // The products page's kept screen holds the cached catalogue's cards.
          const cardsKept = route === '/products' && !/^\s*(\[\])?\s*$/.test(products ?? '');
          expect(writtenScreenDoes(path, read)).toBe(
            firstScreenUsable(path, route, read) && !cardsKept,
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('keeping the page as it is now', () => {
  it('hands the worker the page’s own render, keyed, in its language, with its stylesheets', () => {
    const kept = new Map<string, string>();
    const message = keepScreenNow(keeping(), kept);
    expect(message).toEqual({
      type: 'keep-screen',
      screen: {
        path: '/cart',
        key: keptScreenKey(stored),
        html: renderToString(<Cart />),
        lang: 'es',
        dir: 'ltr',
        styles: ['/assets/styles-Ab1.css'],
      },
    });
    expect(sent).toEqual([message]);
    expect(keepScreenNow(keeping(), kept)).toBe('kept');
    visit.cart = '{"state":{"cart":[]}}';
    expect(keepScreenNow(keeping(), kept)).toMatchObject({ type: 'keep-screen' });
  });

  it('keeps the products page of an English visit with a cached catalogue with its cards, and no image hints', () => {
    visit = { shopLanguage: 'en', cart: '[]', products: '[{"id":1}]' };
    window.history.replaceState(null, '', '/products');
    const message = keepScreenNow(
      keeping({
        app: () => <Catalogue />,
        renderToString: (app: ReactNode) =>
          `<link rel="preload" as="image" href="https://img.example/1.svg" fetchPriority="high"/>${renderToString(app)}`,
      }),
      new Map(),
    );
    expect(message).toMatchObject({ type: 'keep-screen', screen: { path: '/products' } });
    const kept =
      typeof message === 'object' && message.type === 'keep-screen' ? message.screen : null;
    expect(kept?.html).toBe('<p>Six cards</p>');
  });

  it('leaves out only the image hints React writes before the markup', () => {
    const hint = '<link rel="preload" as="image" href="https://img.example/1.svg"/>';
    expect(withoutImageHints(`${hint}${hint}<main></main>`)).toBe('<main></main>');
    expect(withoutImageHints(`<main>${hint}</main>`)).toBe(`<main>${hint}</main>`);
    expect(withoutImageHints('<link rel="stylesheet" href="/x.css"/><main></main>')).toContain(
      '<link',
    );
  });

  it('keeps an address with a query, in English too', () => {
    visit = { shopLanguage: 'en' };
    window.history.replaceState(null, '', "/products?category=men's%20clothing");
    const message = keepScreenNow(keeping(), new Map());
    const { pathname, search } = window.location;
    expect(message).toMatchObject({ screen: { path: pathname + search } });
    expect(search).toMatch(/^\?category=men/);
  });

  it('tells the worker, once, to forget an address the written screen does', () => {
    visit = { shopLanguage: 'en', cart: '[]' };
    const kept = new Map<string, string>();
    expect(keepScreenNow(keeping(), kept)).toEqual({ type: 'forget-screen', path: '/cart' });
    expect(keepScreenNow(keeping(), kept)).toBe('written');
    expect(sent).toHaveLength(1);
  });

  it('keeps nothing without a worker, on a hidden page, or with more stored than it hashes', () => {
    expect(keepScreenNow(keeping({ worker: () => null }), new Map())).toBe('none');
    document.documentElement.hidden = true;
    expect(keepScreenNow(keeping(), new Map())).toBe('none');
    document.documentElement.hidden = false;
    visit.products = 'x'.repeat(500_000);
    expect(keepScreenNow(keeping(), new Map())).toBe('none');
    expect(sent).toEqual([]);
  });

  it('asks for React’s server renderer only when it has something to render', () => {
    expect(keepScreenNow(keeping({ renderToString: undefined }), new Map())).toBe('needs-renderer');
  });

  it('keeps nothing when the storage changed while it rendered', () => {
    const changing = (app: Parameters<typeof renderToString>[0]) => {
      visit.cart = '[]';
      return renderToString(app);
    };
    expect(keepScreenNow(keeping({ renderToString: changing }), new Map())).toBe('none');
    expect(sent).toEqual([]);
  });
});

describe('keeping a visit’s screens', () => {
  it('refuses a kept screen React drew again before anything else, then keeps the page at idle', () => {
    vi.useFakeTimers();
    const meta = document.createElement('meta');
    meta.name = KEPT_SCREEN_META;
    meta.content = 'k1.1.2.3';
    meta.dataset.path = '/cart';
    document.head.append(meta);
    document.documentElement.dataset[KEPT_MARK] = KEPT_REDRAWN;
    keepVisitScreens(keeping());
    expect(sent).toEqual([{ type: 'refuse-screen', path: '/cart', key: 'k1.1.2.3' }]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    expect(sent[1]).toMatchObject({ type: 'keep-screen', screen: { path: '/cart' } });
  });
});
