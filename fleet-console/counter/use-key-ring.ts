import { useEffect } from 'react';
import { useFleetStore } from '../fleet/fleet-store';
import { loadKeyRing, rememberKeys, saveKeyRing, type KeyRing } from './key-ring';

let ring: KeyRing | null = null;

/** The remembered receipt keys (loaded from storage once). */
export function currentKeyRing(): KeyRing {
  ring ??= loadKeyRing();
  return ring;
}

/** Remembers every public key that arrives in a kiosk's status, for the counter. */
export function useKeyRingSync(): void {
  useEffect(
    () =>
      useFleetStore.subscribe((state, previous) => {
        if (state.fleet.kiosks === previous.fleet.kiosks) return;
        const next = rememberKeys(currentKeyRing(), state.fleet.kiosks.values());
        if (next === ring) return;
        ring = next;
        saveKeyRing(next);
      }),
    [],
  );
}
