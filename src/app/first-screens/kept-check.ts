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

/** Shows the kept screen only when it is this visit's; otherwise the page stays hidden. */
export function checkKeptPage(doc: Document, stored: (key: string) => string | null): void {
  const page = doc.documentElement;
  try {
    if (keptScreenUsable(doc, stored)) {
      page.dataset[KEPT_MARK] = KEPT_SHOWN;
      watchForRedraw(doc);
      return;
    }
  } catch {
    // Unreadable: refused below.
  }
  page.dataset[KEPT_MARK] = KEPT_REFUSED;
  page.hidden = true;
}
