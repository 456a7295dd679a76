/**
 * The console's store of enrolment (zustand): what the broker holds (trust-state.ts),
 * folded in as the broker worker reads it. Kept apart from the fleet store, so a thousand
 * kiosks' health never redraws the enrolment view.
 */
import { create } from 'zustand';
import { emptyTrust, foldTrust, type CheckedTrustMessage, type TrustState } from './trust-state';

export interface TrustStore {
  trust: TrustState;
  /** Certificates checked first (certificate-gate.ts). */
  fold: (messages: readonly CheckedTrustMessage[]) => void;
  /** A new broker or prefix: nothing known about the old one applies. */
  reset: () => void;
}

export const useTrustStore = create<TrustStore>()((set) => ({
  trust: emptyTrust(),
  fold: (messages) => set((state) => ({ trust: foldTrust(state.trust, messages) })),
  reset: () => set({ trust: emptyTrust() }),
}));
