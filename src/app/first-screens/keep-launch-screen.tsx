/**
 * Keeps the kiosk's launch screen for its next launch (launch-screen.ts says why and how it
 * is painted): once the launch has shown it and the kiosk is idle, React's server renderer,
 * here in the page, renders the app as main.tsx renders it at launch, so the next launch's
 * React takes over exactly that markup. Its own chunk, kiosk only: the server renderer is
 * loaded from disk, at idle, and only when the key has changed since the screen was kept.
 */
import type { ReactNode } from 'react';
import { inertLaunchContent } from './launch-markup';
import {
  isRefused,
  isStyleFile,
  LAUNCH_SCREEN_KEY,
  launchKey,
  pageAttributesOf,
  readLaunchScreen,
  writeLaunchScreen,
} from './launch-screen';

export interface LaunchScreenKeeping {
  doc: Document;
  /** The preload bridge (window.kiosk), or null. */
  bridge: unknown;
  storage: Storage | null;
  /** The app as main.tsx renders it at launch. */
  app: ReactNode;
  /** Whether the kiosk is still as it launched: nobody has touched it, the store is open. */
  untouched: () => boolean;
}

/** What an attempt came to: kept now, kept already, or not on this launch. */
export type Keeping = 'kept' | 'already' | 'not';

/**
 * React's server render of `app`, in one synchronous go. Never the streaming renderer here:
 * its work, spread over tasks, shares React's context values with the live app's renderer,
 * and a wipe's new router then found another router's context around it. In one go, the
 * parts the app loads lazily render as loaded (they are, by the time the kiosk is idle);
 * one that is not, or a part that fails, would be written as React's client fallback,
 * which is no plain markup (inertLaunchContent refuses it).
 */
async function serverRender(app: ReactNode): Promise<string | null> {
  try {
    const { renderToString } = await import('react-dom/server');
    return renderToString(app);
  } catch (error) {
    console.warn('[kiosk] the launch screen was not kept: it did not render', error);
    return null;
  }
}

/** A stylesheet's address as the launch screen links it, when it is a file of the page's own. */
export function styleFileOf(href: string, base: string): string | null {
  const dir = new URL('.', base).href;
  const file = href.startsWith(dir) ? href.slice(dir.length) : null;
  return isStyleFile(file) ? file : null;
}

/** The page's stylesheets of the build's own, as the launch screen links them. */
function stylesOf(doc: Document): string[] {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  return links.flatMap((link) => styleFileOf(link.href, doc.baseURI) ?? []);
}

export async function keepLaunchScreen({
  doc,
  bridge,
  storage,
  app,
  untouched,
}: LaunchScreenKeeping): Promise<Keeping> {
  const stored = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const key = launchKey(doc, bridge, stored);
  if (key === null || !storage) return 'not';
  const kept = stored(LAUNCH_SCREEN_KEY);
  if (readLaunchScreen(kept)?.key === key) return 'already';
  if (isRefused(kept, key)) return 'not';
  if (!untouched()) return 'not';
  const html = await serverRender(app);
  if (html === null) return 'not';
  const content = inertLaunchContent(html, doc);
  if (!content) {
    console.warn('[kiosk] the launch screen was not kept: it is not plain markup');
    return 'not';
  }
  // Only the launch's state: a shopper's touch, a closed store or a cart changed meanwhile,
  // and it waits for another launch.
  if (!untouched() || launchKey(doc, bridge, stored) !== key) return 'not';
  const { lang, dir, dataset } = doc.documentElement;
  const page = pageAttributesOf({ lang, dir, target: dataset.target });
  if (!page) return 'not';
  try {
    const screen = { key, html, styles: stylesOf(doc), page };
    storage.setItem(LAUNCH_SCREEN_KEY, writeLaunchScreen(screen));
    return 'kept';
  } catch {
    // A full storage keeps no screen; the next launch renders as it always has.
    return 'not';
  }
}
