/**
 * The console's store of enrolment and handovers (zustand): what the broker holds
 * (trust-state.ts), folded in as the broker worker reads it, and the revocation list this
 * console has verified (revocation-keeper.ts). Kept apart from the fleet store, so a
 * thousand kiosks' health never redraws the counter, nor a burst of handovers the kiosks.
 */
import { create } from 'zustand';
import type { RevocationList } from '@shared/fleet/trust/revocation-list';
import { emptyTrust, foldTrust, type CheckedTrustMessage, type TrustState } from './trust-state';

export interface VerifiedRevocations {
  /** The highest version verified under the pinned key for this fleet; null: none yet. */
  list: RevocationList | null;
  /** The broker offers an older version than the one kept: someone replaced it. */
  olderOnBroker: number | null;
  /** The broker's list did not verify under the pinned key. */
  refused: boolean;
}

export interface TrustStore {
  trust: TrustState;
  revocations: VerifiedRevocations;
  /** Certificates checked first (certificate-gate.ts). */
  fold: (messages: readonly CheckedTrustMessage[]) => void;
  setRevocations: (revocations: VerifiedRevocations) => void;
  /** A new broker or prefix: nothing known about the old one applies. */
  reset: () => void;
}

export const NO_REVOCATIONS: VerifiedRevocations = {
  list: null,
  olderOnBroker: null,
  refused: false,
};

export const useTrustStore = create<TrustStore>()((set) => ({
  trust: emptyTrust(),
  revocations: NO_REVOCATIONS,
  fold: (messages) => set((state) => ({ trust: foldTrust(state.trust, messages) })),
  setRevocations: (revocations) => set({ revocations }),
  reset: () => set({ trust: emptyTrust() }),
}));
