/**
 * Keeps a returning web visitor's screens (kept-screen-key.ts says what and why): once a page
 * has been shown and the browser is idle, or as the shopper leaves it, the page renders
 * itself with React's server renderer, in one synchronous go, as main.tsx renders it at
 * start, and hands the markup to its service worker. A chunk of its own, loaded once the
 * worker is registered; React's server renderer is another, loaded at the first keeping.
 *
 * Only where the build's written screen would not do (another language, items in the cart,
 * the cart with a cached catalogue, an address with a query), or where the kept screen shows
 * more than it (the products page's cards, from a cached catalogue): a written screen this
 * visit can use is otherwise already the page the host and the worker answer with.
 */
import type { ReactNode } from 'react';
import { readRaw } from '@web-shared/lib/browser-storage';
import { keptScreenPass } from '@/lib/first-screen-pass';
import { whenIdle } from '@/lib/when-idle';
import { KEPT_MARK, KEPT_REDRAWN, keptScreenOf } from './kept-check';
import type { KeptScreen, KeptScreenMessage } from '../../service-worker/kept-pages';
import { keptScreenKey } from './kept-screen-key';

/** A stored value that is not empty (early-start.ts's rule). */
const holdsSomething = (raw: string | null): boolean => !/^\s*(\[\])?\s*$/.test(raw ?? '');

/**
 * Whether the build's written screen for this address is the best first screen for this
 * visit: where early-start.ts firstScreenUsable says the app renders it (restated here, as a
 * function shared with the early start would make it a chunk the page loads first, and held
 * to it by this file's test), but for the products page with a cached catalogue, whose kept
 * screen holds its cards where the written one holds its loading state (the early cards
 * paint them once their script has run). The host answers every address with its route's
 * written page, so the route always fits.
 */
export function writtenScreenDoes(
  pathname: string,
  stored: (key: string) => string | null,
): boolean {
  const page = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return (
    (stored('shopLanguage') ?? 'en') === 'en' &&
    !holdsSomething(stored('cart')) &&
    !(page === '/cart' && holdsSomething(stored('products'))) &&
    !(page === '/products' && holdsSomething(stored('products')))
  );
}

/** What `kept` holds for an address the build's written screen does. */
const WRITTEN = 'written';

/** After a page is shown, it is kept this much later, at the next idle moment. */
const KEEP_AFTER_MS = 1500;

export interface VisitKeeping {
  /** The app as main.tsx renders it at start. */
  app: () => ReactNode;
  /** The page (document unless told). */
  doc?: Document;
  /** Where the worker is told (navigator.serviceWorker.controller unless told), if any. */
  worker?: () => Pick<ServiceWorker, 'postMessage'> | null;
  /** The visit's storage, raw (readRaw unless told). */
  stored?: (key: string) => string | null;
  /** React's server renderer (loaded when first needed unless told). */
  renderToString?: (app: ReactNode) => string;
}

/** One keeping's parts; without React's server renderer, a keeping that needs it says so. */
type KeepingNow = Required<Omit<VisitKeeping, 'renderToString'>> & {
  renderToString: ((app: ReactNode) => string) | undefined;
};

/**
 * React's server renderer writes a preload hint for each image it finds loaded at once (the
 * products page's first cards), before the markup. A kept page has those images in its
 * markup already, and the worker keeps no `<link>` in a screen: the hints are left out.
 */
export function withoutImageHints(html: string): string {
  return html.replace(/^(?:<link rel="preload" as="image"[^<>]*>)+/, '');
}

/** The page's stylesheets of the build's own, root-relative. */
function stylesOf(doc: Document): string[] {
  const origin = doc.location.origin;
  return [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].flatMap((link) => {
    const url = new URL(link.href, doc.baseURI);
    return url.origin === origin && /^\/assets\/[\w.-]+\.css$/.test(url.pathname)
      ? [url.pathname]
      : [];
  });
}

/**
 * One keeping of the page as it is now: what was sent to the worker, or why nothing was
 * ('written' where the build's written screen does and the worker was told so already,
 * 'kept' where this key is kept already). `kept` is what this visit told the worker, by
 * address: a key, or WRITTEN.
 */
export function keepScreenNow(
  keeping: KeepingNow,
  kept: Map<string, string>,
): KeptScreenMessage | 'none' | 'written' | 'kept' | 'needs-renderer' {
  const { doc, stored } = keeping;
  const worker = keeping.worker();
  if (!worker || doc.documentElement.hidden) return 'none';
  const { pathname, search } = doc.location;
  const path = pathname + search;
  if (search === '' && writtenScreenDoes(pathname, stored)) {
    // A screen kept for this address on another visit would only be refused now.
    if (kept.get(path) === WRITTEN) return 'written';
    kept.set(path, WRITTEN);
    const forget: KeptScreenMessage = { type: 'forget-screen', path };
    worker.postMessage(forget);
    return forget;
  }
  const key = keptScreenKey(stored);
  if (key === null) return 'none';
  if (kept.get(path) === key) return 'kept';
  const render = keeping.renderToString;
  if (!render) return 'needs-renderer';
  const html = withoutImageHints(keptScreenPass(() => render(keeping.app())));
  // The page moved on, or the storage changed, while it rendered: the next keeping has it.
  if (keptScreenKey(stored) !== key) return 'none';
  if (doc.location.pathname + doc.location.search !== path) return 'none';
  const { lang, dir } = doc.documentElement;
  const screen: KeptScreen = {
    path,
    key,
    html,
    lang,
    dir: dir === 'rtl' ? 'rtl' : 'ltr',
    styles: stylesOf(doc),
  };
  const message: KeptScreenMessage = { type: 'keep-screen', screen };
  worker.postMessage(message);
  kept.set(path, key);
  return message;
}

/**
 * Keeps the page's screen after each page shown (the Navigation API's entry changes, or the
 * history's), and as the shopper leaves. A kept screen React drew again rather than took over
 * (kept-check.ts) is refused to the worker first, never kept again for its key.
 */
export function keepVisitScreens(given: VisitKeeping): void {
  const setup = {
    doc: document,
    worker: () => navigator.serviceWorker.controller,
    stored: readRaw,
    ...given,
  };
  const { doc } = setup;
  const kept = new Map<string, string>();
  const refused = keptScreenOf(doc);
  if (refused && doc.documentElement.dataset[KEPT_MARK] === KEPT_REDRAWN) {
    kept.set(refused.path, refused.key);
    const refuse: KeptScreenMessage = { type: 'refuse-screen', ...refused };
    setup.worker()?.postMessage(refuse);
  }
  let render = setup.renderToString;
  const keepNow = (): void => {
    try {
      const outcome = keepScreenNow({ ...setup, renderToString: render }, kept);
      if (outcome !== 'needs-renderer') return;
      // Loaded only by a visit that has a screen to keep.
      void import('react-dom/server')
        .then((server) => {
          render = server.renderToString;
          keepNow();
        })
        .catch(() => undefined);
    } catch (error) {
      console.warn('[offline] the screen was not kept', error);
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => whenIdle(keepNow), KEEP_AFTER_MS);
  };
  schedule();
  const navigation = (globalThis as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('currententrychange', schedule);
  window.addEventListener('popstate', schedule);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') keepNow();
  });
}
