/**
 * Painting the kept launch screen (launch-screen.ts) into the page's empty root, before the
 * app's code has run: what src/launch-paint.ts does, loaded by the kiosk's launch script
 * (launch-check.ts) when this launch has a screen kept for it. Imports nothing of the app's:
 * the painter bundles it on its own.
 */
import { inertLaunchContent } from './launch-markup';
import { PAINTED, PAINTED_MARK, TAKEN_OVER_EVENT } from './launch-marks';
import { LAUNCH_SCREEN_KEY, launchKey, readLaunchScreen } from './launch-screen';

/** How long a painted screen's taps are held at most: a page React never took over stays usable. */
export const HOLD_AT_MOST_MS = 10_000;

/**
 * Until React has taken the painted screen over, every tap (or Enter) inside it is held, not
 * followed: a link would load the page at a path of its own, a relaunch that loses the tap,
 * and a form would be sent to the page itself. Once React is there, the last link or button
 * held is tapped again, for the app, unless something now covers it (the attract screen
 * makes what is under it inert). A page React never says it has stops holding after
 * HOLD_AT_MOST_MS, its taps then going where they always did.
 */
function holdTaps(doc: Document, root: Element): void {
  let held: HTMLElement | null = null;
  const holding = new AbortController();
  const options = { capture: true, signal: holding.signal };
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !root.contains(target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held = target.closest<HTMLElement>('a[href], button');
    },
    options,
  );
  doc.addEventListener('submit', (event) => event.preventDefault(), options);
  doc.addEventListener(
    TAKEN_OVER_EVENT,
    () => {
      holding.abort();
      if (held?.isConnected && !held.closest('[inert]')) held.click();
    },
    options,
  );
  setTimeout(() => holding.abort(), HOLD_AT_MOST_MS);
}

/**
 * The kept stylesheets the page does not link yet, linked; the root hidden until they are
 * in (a stylesheet a script adds once the body exists does not hold the first paint back),
 * so the screen never shows unstyled.
 */
function linkStyles(doc: Document, root: HTMLElement, styles: readonly string[]): void {
  const linked = new Set(
    [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
  );
  const links = styles
    .map((style) => Object.assign(doc.createElement('link'), { rel: 'stylesheet', href: style }))
    .filter((link) => !linked.has(link.href));
  let waiting = links.length;
  // Before the links go in: one may say it is in (or failed) the moment it is added.
  if (waiting > 0) root.hidden = true;
  const arrived = (): void => {
    waiting -= 1;
    if (waiting === 0) root.hidden = false;
  };
  for (const link of links) {
    link.addEventListener('load', arrived, { once: true });
    link.addEventListener('error', arrived, { once: true });
    doc.head.append(link);
  }
}

/**
 * Paints the kept launch screen into the empty root when this launch would render it: the
 * same key, a well-formed value, plain markup. The page takes the language, direction and
 * build the app gives it, so nothing moves when the app sets them again. Returns whether it
 * painted.
 */
export function paintLaunchScreen(
  doc: Document,
  bridge: unknown,
  stored: (key: string) => string | null,
): boolean {
  const root = doc.getElementById('root');
  if (!root || root.firstChild) return false;
  const screen = readLaunchScreen(stored(LAUNCH_SCREEN_KEY));
  const key = launchKey(doc, bridge, stored);
  if (!screen || key === null || screen.key !== key) return false;
  const content = inertLaunchContent(screen.html, doc);
  if (!content) return false;
  const page = doc.documentElement;
  page.lang = screen.page.lang;
  page.dir = screen.page.dir;
  page.dataset.target = screen.page.target;
  linkStyles(doc, root, screen.styles);
  holdTaps(doc, root);
  root.append(content);
  page.dataset[PAINTED_MARK] = PAINTED;
  return true;
}
