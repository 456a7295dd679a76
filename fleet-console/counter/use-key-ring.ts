import { useEffect } from 'react';
import { useFleetStore } from '../fleet/fleet-store';
import { loadKeyRing, rememberKeys, saveKeyRing, withChangedKeys, type KeyRing } from './key-ring';

/**
 * How long a changed ring waits before it is written to localStorage: 1,000 kiosks coming
 * online spread their keys over many frames, and each write is the whole ring (~60 KB).
 */
export const SAVE_DELAY_MS = 1000;

let ring: KeyRing | null = null;

/** The remembered receipt keys (loaded from storage once); always the newest in memory. */
export function currentKeyRing(): KeyRing {
  ring ??= loadKeyRing();
  return ring;
}

/** Remembers every public key that arrives in a kiosk's status, for the counter. */
export function useKeyRingSync(): void {
  useEffect(() => {
    let saveTimer: ReturnType<typeof setTimeout> | null = null;
    const save = (): void => {
      if (saveTimer !== null) clearTimeout(saveTimer);
      saveTimer = null;
      saveKeyRing(currentKeyRing());
    };
    const unsubscribe = useFleetStore.subscribe((state, previous) => {
      if (state.fleet.kiosks === previous.fleet.kiosks) return;
      const changed = withChangedKeys(previous.fleet.kiosks, state.fleet.kiosks);
      if (changed.length === 0) return;
      const next = rememberKeys(currentKeyRing(), changed);
      if (next === ring) return;
      ring = next;
      saveTimer ??= setTimeout(save, SAVE_DELAY_MS);
    });
    // A key seen just before the page closes is still kept.
    const flush = (): void => {
      if (saveTimer !== null) save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
}
