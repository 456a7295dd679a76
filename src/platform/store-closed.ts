import { useSyncExternalStore } from 'react';
import type { KioskActivityBridge, KioskBridge } from '@shared/bridge';
import { useCapabilities } from './capabilities-context';

/**
 * Whether the store is closed by its opening hours, as main says through the preload
 * (main decides when, and only at a moment nobody is served). A browser, the kiosk
 * renderer without Electron, or an older preload never hear it: always open.
 */
export interface StoreClosed {
  current: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

const ALWAYS_OPEN: StoreClosed = {
  current: () => false,
  subscribe: () => () => undefined,
};

function listen(bridge: KioskBridge): StoreClosed {
  let closed = false;
  const listeners = new Set<() => void>();
  const take = (next: unknown): void => {
    if (typeof next !== 'boolean' || next === closed) return;
    closed = next;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // One listener's failure must not keep the others from the news.
      }
    }
  };
  // The preload exposes more than KioskBridge types; an older one has no onStoreClosed.
  const api = bridge as Partial<Pick<KioskActivityBridge, 'onStoreClosed'>>;
  try {
    if (typeof api.onStoreClosed === 'function') api.onStoreClosed(take);
  } catch {
    // Then the page stays open, as it always was.
  }
  return {
    current: () => closed,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** One listener per bridge for the page's life: a wipe remounts the kiosk, not this. */
const byBridge = new WeakMap<KioskBridge, StoreClosed>();

export function storeClosed(bridge: KioskBridge | null): StoreClosed {
  if (!bridge) return ALWAYS_OPEN;
  let found = byBridge.get(bridge);
  if (!found) {
    found = listen(bridge);
    byBridge.set(bridge, found);
  }
  return found;
}

/** Whether the store is closed now; follows main's word while the page runs. */
export function useStoreClosed(): boolean {
  const { bridge } = useCapabilities();
  const closed = storeClosed(bridge);
  return useSyncExternalStore(closed.subscribe, closed.current);
}
