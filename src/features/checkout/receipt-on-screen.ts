import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a receipt is on screen now: the kiosk tells its main process, which counts the
 * receipt screen as a shopper still there (a relaunch must not take the receipt away
 * before it has been shown at the counter). A count, since a remount may briefly overlap.
 */
let shown = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number): void {
  shown = Math.max(0, shown + by);
  for (const listener of [...listeners]) listener();
}

/** Marks the receipt as shown while the calling component is mounted. */
export function useShowingReceipt(): void {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}

export function useReceiptOnScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown > 0,
    () => false,
  );
}
