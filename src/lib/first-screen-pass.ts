/**
 * Whether this render writes or takes over a first screen the web build wrote as HTML: true
 * when the build renders the screen in Node (src/app/first-screens/) and in the render where
 * React takes it over (hydrateRoot), false in every other render. A screen that shows what
 * the visit's device or network holds (the catalogue's answer, which may already be here when
 * React takes over) shows, in that one render, what the build wrote (its loading state), so
 * React keeps every node; React then renders again at once with what is here (the server
 * snapshot differs from the client's), as a first visit's app would have rendered it.
 */
import { useSyncExternalStore } from 'react';

const never = (): (() => void) => () => undefined;
const afterTheFirstScreen = (): boolean => false;
const writingOrTakingOver = (): boolean => true;

export function useFirstScreenPass(): boolean {
  return useSyncExternalStore(never, afterTheFirstScreen, writingOrTakingOver);
}
