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

/**
 * Whether the store is closed now; follows main's word while the page runs. The kiosk's
 * launch screen, rendered by React's server renderer in the page, reads it the same way.
 */
export function useStoreClosed(): boolean {
  const { bridge } = useCapabilities();
  const closed = storeClosed(bridge);
  return useSyncExternalStore(closed.subscribe, closed.current, closed.current);
}
