import { KEPT_SCREEN_META, keptScreenKey } from './kept-screen-key';

/** Where a kept page says how its screen fared: documentElement's data-kept-screen. */
export const KEPT_MARK = 'keptScreen';
/** Painted, for React to take over. */
export const KEPT_SHOWN = 'shown';
/** Not this visit's: hidden, and the app renders in its place. */
export const KEPT_REFUSED = 'refused';
/** React drew the screen again rather than taking it over (a mismatch): never keep it so. */
export const KEPT_REDRAWN = 'redrawn';

/** The meta element of a kept page, if this is one. */
function keptMeta(doc: Document): HTMLMetaElement | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${KEPT_SCREEN_META}"]`);
}

/**
 * Whether the kept screen in this page is what the app will render for this visit: the
 * same address (the worker answers by address, but a page may be saved or served again)
 * and the same key from the visit's storage now. True also for a page that is not a kept
 * one (nothing to check).
 */
export function keptScreenUsable(doc: Document, stored: (key: string) => string | null): boolean {
  const meta = keptMeta(doc);
  if (!meta) return true;
  const { pathname, search } = doc.location;
  const path = meta.dataset.path ?? '';
  return path === pathname + search && meta.content === keptScreenKey(stored);
}

/** A kept page's key and address, for the page to tell its worker about it. */
export function keptScreenOf(doc: Document): { path: string; key: string } | null {
  const meta = keptMeta(doc);
  const path = meta?.dataset.path;
  return meta && path !== undefined ? { path, key: meta.content } : null;
}

/**
 * React's own report that it could not take the page over as it was: a hydration mismatch
 * (418), or a part it had to render afresh (419, 422, 423), as production builds word them.
 */
const NOT_TAKEN_OVER = /react\.dev\/errors\/(418|419|422|423)\b|Hydration failed/;

/**
 * Watches for React drawing the screen again instead of taking it over: the root's children
 * removed (taking a screen over keeps every one), or React reporting a part it rendered
 * afresh (it reports each through the page's error event unless told otherwise).
 */
function watchForRedraw(doc: Document): void {
  const page = doc.documentElement;
  const redrawn = (): void => {
    page.dataset[KEPT_MARK] = KEPT_REDRAWN;
    observer.disconnect();
  };
  let root: HTMLElement | null = null;
  const observer = new MutationObserver((records) => {
    if (!root) {
      root = doc.getElementById('root');
      if (root) {
        observer.disconnect();
        observer.observe(root, { childList: true });
      }
    }
    if (records.some((record) => record.target === root && record.removedNodes.length > 0)) {
      redrawn();
    }
  });
  observer.observe(doc, { childList: true, subtree: true });
  doc.defaultView?.addEventListener('error', (event) => {
    const message = `${event.message} ${String((event.error as { message?: unknown } | null)?.message)}`;
    if (NOT_TAKEN_OVER.test(message)) redrawn();
  });
}

/** A tap held for the app is given up after this long (a page the app never takes). */
export const HOLD_AT_MOST_MS = 10_000;

/** Whether React has the root (hydrateRoot marks its container as it is called). */
function appHasTheRoot(doc: Document): boolean {
  const root = doc.getElementById('root');
  return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
}

/**
 * A tap on a kept page's button before the app's code has run would do nothing, and a form
 * sent then would load the page anew: until React has the root, they are held, and the
 * last one is made again the moment it has (React then hydrates the part it lands on
 * first). Links are followed as they are: each address is a page of its own on the web.
 */
function holdTaps(doc: Document): void {
  let held: (() => void) | null = null;
  let since = 0;
  const settle = (): void => {
    const replay = held;
    held = null;
    if (appHasTheRoot(doc)) replay?.();
    else if (Date.now() - since < HOLD_AT_MOST_MS) {
      held = replay;
      setTimeout(settle, 20);
    }
  };
  const hold = (event: Event, replay: () => void): void => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const waiting = held !== null;
    held = replay;
    since = Date.now();
    if (!waiting) setTimeout(settle, 20);
  };
  const inRoot = (node: EventTarget | null): node is Element =>
    node instanceof Element && doc.getElementById('root')?.contains(node) === true;
  const onClick = (event: MouseEvent): void => {
    if (appHasTheRoot(doc)) {
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('submit', onSubmit, true);
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (inRoot(button)) hold(event, () => button.click());
  };
  const onSubmit = (event: SubmitEvent): void => {
    const form = event.target;
    if (appHasTheRoot(doc) || !(form instanceof HTMLFormElement) || !inRoot(form)) return;
    const submitter = event.submitter;
    hold(event, () => form.requestSubmit(submitter));
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
}

/**
 * Shows the kept screen only when it is this visit's; otherwise the page stays hidden.
 * Whether it is shown.
 */
export function checkKeptPage(doc: Document, stored: (key: string) => string | null): boolean {
  const page = doc.documentElement;
  try {
    if (keptScreenUsable(doc, stored)) {
      page.dataset[KEPT_MARK] = KEPT_SHOWN;
      watchForRedraw(doc);
      holdTaps(doc);
      return true;
    }
  } catch {
    // Unreadable: refused below.
  }
  page.dataset[KEPT_MARK] = KEPT_REFUSED;
  page.hidden = true;
  return false;
}

/**
 * Where a kept page names the app's entry, on the check's script tag
 * (src/service-worker/kept-pages.ts ENTRY_ATTRIBUTE, restated: the test holds them equal).
 */
export const KEPT_ENTRY_ATTRIBUTE = 'data-shop-entry';

/** A hidden tab draws no frame: the app starts after this long at most. */
export const FRAME_WAIT_MS = 100;

/** Once the page is parsed, and a frame has shown it (or FRAME_WAIT_MS have passed). */
function afterTheFirstFrame(doc: Document, then: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    then();
  };
  const frame = (): void => {
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, FRAME_WAIT_MS);
  };
  if (doc.readyState === 'loading') {
    doc.addEventListener('DOMContentLoaded', frame, { once: true });
  } else frame();
}

/**
 * Starts the app, which a kept page only fetches (compiling it would hold the kept screen's
 * first frame): once that frame is shown, or at once when the screen was refused and the app
 * is to render the page. Only a file of this build's own is started.
 */
export function startKeptApp(
  doc: Document,
  script: Element | null,
  shown: boolean,
  load: (entry: string) => unknown = (entry) => import(/* @vite-ignore */ entry),
): void {
  const entry = script?.getAttribute(KEPT_ENTRY_ATTRIBUTE);
  if (!entry || !/^\/assets\/[\w.-]+\.js$/.test(entry)) return;
  if (shown) afterTheFirstFrame(doc, () => void load(entry));
  else void load(entry);
}
