/**
 * Whether this render writes or takes over a first screen the web build wrote as HTML: true
 * when the build renders the screen in Node (src/app/first-screens/) and in the render where
 * React takes it over (hydrateRoot), false in every other render. A screen that shows what
 * the visit's device or network holds (the catalogue's answer, which may already be here when
 * React takes over) shows, in that one render, what the build wrote (its loading state), so
 * React keeps every node; React then renders again at once with what is here (the server
 * snapshot differs from the client's), as a first visit's app would have rendered it.
 *
 * A returning visitor's kept page (src/app/first-screens/keep-visit-screens.ts) is the other
 * kind of first screen: the page as the visit last showed it, the catalogue's cards in it.
 * It is rendered (keptScreenPass), and taken over (the page marked by its check), with what
 * the visit holds where the visit holds it (the cached catalogue: useWrittenScreenPass is
 * false there), and as written where it does not (a product's own call, made on each visit:
 * useFirstScreenPass is true there too).
 */
import { useSyncExternalStore } from 'react';

const never = (): (() => void) => () => undefined;
const afterTheFirstScreen = (): boolean => false;

/** Whether the server snapshot is a kept screen's (what the visit holds) for now. */
let keptScreen = false;

/**
 * Whether this page's first screen is a kept one its check left shown: src/kept-check.ts
 * marks `<html data-kept-screen="shown">` before the app's code runs (kept-check.ts KEPT_MARK
 * and KEPT_SHOWN, restated so that the app's first download does not carry the check; the
 * test holds them equal).
 */
const takingOverKept = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.dataset.keptScreen === 'shown';
const anyFirstScreen = (): boolean => true;
const writtenScreen = (): boolean => !keptScreen && !takingOverKept();

/** True in the render that writes or takes over any first screen, written or kept. */
export function useFirstScreenPass(): boolean {
  return useSyncExternalStore(never, afterTheFirstScreen, anyFirstScreen);
}

/**
 * True in the render that writes or takes over a screen the build wrote; false in a kept
 * screen's, which shows what the visit's storage holds.
 */
export function useWrittenScreenPass(): boolean {
  return useSyncExternalStore(never, afterTheFirstScreen, writtenScreen);
}

/** Renders a kept screen (React's server renderer, synchronous) with what the visit holds. */
export function keptScreenPass<T>(render: () => T): T {
  keptScreen = true;
  try {
    return render();
  } finally {
    keptScreen = false;
  }
}

/**
 * Whether this render is a kept screen's: one being kept now, or the page's first screen was
 * one. Such a screen was painted whole, so nothing of it is left for a later render.
 */
export function inKeptScreen(): boolean {
  return keptScreen || takingOverKept();
}
