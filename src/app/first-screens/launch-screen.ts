/**
 * The kiosk's launch screen as HTML. A kiosk always opens on the landing page, and a
 * relaunch (a new config, a crash, the night's restart) opens it in the state the last one
 * did: its own config, its build, an emptied cart. So once a launch has shown that screen,
 * the kiosk keeps it, rendered by React's own server renderer in the page
 * (keep-launch-screen.tsx), under a key of everything that screen is rendered from. The
 * next launch's first script (src/launch.ts, a classic script right after the root, built
 * apart from the app by vite-plugins/launch-screen.mts) has it painted before the app's code
 * has run when the key is the same (launch-check.ts, paint-launch-screen.ts), and React takes
 * it over (hydrateRoot, src/main.tsx).
 *
 * It fails closed: another build, config or cart, a bridge with other parts, a stored value
 * that is not the shape written here, or markup with anything but the plain elements and
 * attributes of a landing page (no script, no handler, no address outside the shop's own
 * paths, launch-markup.ts) is never painted, and the app renders as it always has. This
 * file imports nothing: the launch scripts bundle it on their own.
 */

/** Where the kiosk keeps its launch screen (the renderer's own storage, not a key of the spec). */
export const LAUNCH_SCREEN_KEY = 'shopLaunchScreen';

/** The meta element that names the build (vite-plugins/launch-screen.mts writes it). */
export const BUILD_META = 'shop-build';

/** The stored shape's version: a kiosk keeps no screen of another shape. */
const VERSION = 1;

/** Far above a landing page (about 16 KB): anything larger is not one. */
const MAX_HTML_CHARS = 256 * 1024;
const MAX_STYLES = 8;

export interface LaunchScreen {
  /** launchKey() when it was rendered. */
  key: string;
  /** React's server render of the app at its first route. */
  html: string;
  /** The stylesheets it is styled by, relative to the page (`assets/….css`). */
  styles: string[];
  /** What the app had set on the page's `<html>`: its language, direction and build. */
  page: PageAttributes;
}

/** The `<html>` attributes the app sets before its first render (main.tsx, language-store.ts). */
export interface PageAttributes {
  lang: string;
  dir: 'ltr' | 'rtl';
  target: 'kiosk';
}

/** The page's attributes, when they are ones the app sets. */
export function pageAttributesOf(value: unknown): PageAttributes | null {
  if (typeof value !== 'object' || value === null) return null;
  const { lang, dir, target } = value as Record<string, unknown>;
  if (typeof lang !== 'string' || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang)) return null;
  if ((dir !== 'ltr' && dir !== 'rtl') || target !== 'kiosk') return null;
  return { lang, dir, target };
}

/** The spec's cart keys: what a session leaves behind, and what the header counts. */
const SESSION_KEYS = ['cart', 'savings', 'totalPriceBeforeTax'] as const;

/** A bridge's parts: the capabilities ask for each by name (src/platform/capabilities.ts). */
function partsOf(bridge: unknown): string[] {
  if (typeof bridge !== 'object' || bridge === null) return [];
  const parts = bridge as Record<string, unknown>;
  return Object.keys(parts)
    .filter((name) => typeof parts[name] === 'function')
    .sort();
}

function configOf(bridge: unknown): unknown {
  const getConfig = (bridge as { getConfig?: unknown } | null)?.getConfig;
  return typeof getConfig === 'function' ? (getConfig.call(bridge) as unknown) : null;
}

/**
 * Everything the launch screen is rendered from: the build, the bridge's config and parts
 * (the language, the idle times, the kiosk's behaviours), and the cart's stored values.
 * Null when any of it cannot be read: then no screen is kept or painted.
 */
export function launchKey(
  doc: Document,
  bridge: unknown,
  stored: (key: string) => string | null,
): string | null {
  try {
    const build = doc.querySelector(`meta[name="${BUILD_META}"]`)?.getAttribute('content');
    if (!build) return null;
    const session = SESSION_KEYS.map((key) => stored(key));
    return JSON.stringify([build, configOf(bridge), partsOf(bridge), session]);
  } catch {
    return null;
  }
}

/** A stylesheet of the build's own, as the page links it. */
export const isStyleFile = (value: unknown): value is string =>
  typeof value === 'string' && /^assets\/[\w.-]+\.css$/.test(value);

/** The stored value, when it is exactly the shape this file writes. */
export function readLaunchScreen(raw: string | null): LaunchScreen | null {
  if (raw === null || raw.length > MAX_HTML_CHARS * 2) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { v, key, html, styles, page } = value as Record<string, unknown>;
  if (v !== VERSION || typeof key !== 'string' || typeof html !== 'string') return null;
  if (html.length === 0 || html.length > MAX_HTML_CHARS) return null;
  if (!Array.isArray(styles) || styles.length > MAX_STYLES || !styles.every(isStyleFile)) {
    return null;
  }
  const attributes = pageAttributesOf(page);
  return attributes && { key, html, styles, page: attributes };
}

/** The stored value for `screen`. */
export function writeLaunchScreen(screen: LaunchScreen): string {
  return JSON.stringify({ v: VERSION, ...screen });
}

/**
 * Refuses this launch's key: React could not take the screen kept for it over as it was, so
 * no launch with it paints or keeps one again (another build, config or cart keeps afresh).
 * The stored value is then no screen (readLaunchScreen reads none in it).
 */
export function refuseLaunchScreen(storage: Storage | null, key: string | null): void {
  try {
    if (key === null) storage?.removeItem(LAUNCH_SCREEN_KEY);
    else storage?.setItem(LAUNCH_SCREEN_KEY, JSON.stringify({ v: VERSION, refused: key }));
  } catch {
    // Nothing kept, or nothing to do about it: at worst the next launch mismatches again.
  }
}

/** Whether `key` was refused (refuseLaunchScreen). */
export function isRefused(raw: string | null, key: string): boolean {
  try {
    const value = JSON.parse(raw ?? 'null') as { refused?: unknown } | null;
    return value?.refused === key;
  } catch {
    return false;
  }
}
