/**
 * Painting the kept launch screen (launch-screen.ts) into the page's empty root, before the
 * app's code has run: what src/launch.ts, the kiosk's launch script, does. Imports nothing
 * of the app's: the launch script bundles it on its own.
 */
import { inertLaunchContent } from './launch-markup';
import {
  LAUNCH_SCREEN_KEY,
  launchKey,
  PAINTED_MARK,
  readLaunchScreen,
  TAKEN_OVER_EVENT,
} from './launch-screen';

/**
 * Until React has taken the painted screen over, a tap (or Enter) on its links and buttons
 * is held, not followed: a link would load the page at a path of its own, a relaunch that
 * loses the tap. Once React is there, the last one held is tapped again, for the app.
 */
function holdTaps(doc: Document, root: Element): void {
  let held: HTMLElement | null = null;
  const hold = (event: Event): void => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>('a[href], button');
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = control;
  };
  // A form sent before the app is there would load the page again.
  const stay = (event: Event): void => {
    event.preventDefault();
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener('submit', stay, true);
  doc.addEventListener(
    TAKEN_OVER_EVENT,
    () => {
      doc.removeEventListener('click', hold, true);
      doc.removeEventListener('submit', stay, true);
      if (held?.isConnected) held.click();
      held = null;
    },
    { once: true },
  );
}

/**
 * Paints the kept launch screen into the empty root when this launch would render it: the
 * same key, a well-formed value, plain markup. Its stylesheets are linked first, blocking
 * the page's first paint as the page's own do, and the page takes the language, direction
 * and build the app gives it, so nothing moves when the app sets them again. Returns
 * whether it painted.
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
  const linked = new Set(
    [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
  );
  for (const style of screen.styles) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = style;
    if (linked.has(link.href)) continue;
    link.setAttribute('blocking', 'render');
    doc.head.append(link);
  }
  const page = doc.documentElement;
  page.lang = screen.page.lang;
  page.dir = screen.page.dir;
  page.dataset.target = screen.page.target;
  holdTaps(doc, root);
  root.append(content);
  doc.documentElement.dataset[PAINTED_MARK] = 'painted';
  return true;
}
