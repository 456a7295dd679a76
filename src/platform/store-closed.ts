import { useSyncExternalStore } from 'react';
import { useCapabilities } from './capabilities-context';
import { pushedValues, type PushedValue } from './main-pushes';

/**
 * Whether the store is closed by its opening hours, as main says through the preload
 * (main decides when, and only at a moment nobody is served). A browser, the kiosk
 * renderer without Electron, or an older preload never hear it: always open.
 */
export type StoreClosed = PushedValue<boolean>;

export const storeClosed = pushedValues<boolean>({
  channel: 'onStoreClosed',
  initial: false,
  read: (next) => (typeof next === 'boolean' ? next : undefined),
  same: (a, b) => a === b,
});

const openAtLaunch = (): boolean => false;

/**
 * Whether the store is closed now; follows main's word while the page runs. A server render
 * (the kiosk's launch screen) and React taking one over read the store as at launch, open,
 * whenever main's word arrives: then React renders again with it.
 */
export function useStoreClosed(): boolean {
  const { bridge } = useCapabilities();
  const closed = storeClosed(bridge);
  return useSyncExternalStore(closed.subscribe, closed.current, openAtLaunch);
}
