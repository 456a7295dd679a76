/**
 * The revocation list this console trusts: the highest version it has verified under the
 * pinned enrolment key for this fleet, kept in localStorage, so a broker that later offers
 * an older list (genuinely signed, but before a revocation) revokes nothing back, and a
 * broker that loses the list does not either. A list that does not verify is refused.
 *
 * What it cannot do: a counter set up afresh trusts the newest list its broker offers; if
 * someone with the operator's broker login replaced it with an older one before, that
 * counter starts from the older one (docs/fleet/counter.md says so).
 */
import { useEffect } from 'react';
import { readJson, writeRaw } from '@web-shared/lib/browser-storage';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import {
  checkRevocationList,
  revocationEnvelopeSchema,
  type RevocationEnvelope,
} from '@shared/fleet/trust/revocation-list';
import { isJsonObject } from '../protocol/config-envelope';
import { NO_REVOCATIONS, useTrustStore, type VerifiedRevocations } from './trust-store';

export const REVOCATIONS_STORAGE_KEY = 'fleet-console.revocations';

interface Kept {
  prefix: string;
  key: string;
  envelope: RevocationEnvelope;
}

/** The kept list for this fleet and key, or null (another fleet or key, or none). */
export function loadKept(prefix: string, key: string): RevocationEnvelope | null {
  const value = readJson(REVOCATIONS_STORAGE_KEY);
  if (!isJsonObject(value) || value.prefix !== prefix || value.key !== key) return null;
  const parsed = revocationEnvelopeSchema.safeParse(value.envelope);
  return parsed.success ? parsed.data : null;
}

function saveKept(kept: Kept): void {
  writeRaw(REVOCATIONS_STORAGE_KEY, JSON.stringify(kept));
}

/** What a verified (or refused) offer does to what is kept: pure, for the tests. */
export function weigh(
  kept: RevocationEnvelope | null,
  offered: RevocationEnvelope,
  verified: boolean,
): { keep: RevocationEnvelope | null; state: VerifiedRevocations } {
  const list = kept?.revocations ?? null;
  if (!verified) return { keep: kept, state: { list, olderOnBroker: null, refused: true } };
  if (list !== null && offered.revocations.version < list.version) {
    return {
      keep: kept,
      state: { list, olderOnBroker: offered.revocations.version, refused: false },
    };
  }
  if (list !== null && offered.revocations.version === list.version) {
    return { keep: kept, state: { list, olderOnBroker: null, refused: false } };
  }
  return {
    keep: offered,
    state: { list: offered.revocations, olderOnBroker: null, refused: false },
  };
}

/**
 * Keeps the store's verified list in step with the broker's for this fleet and key. Each
 * offer is verified with WebCrypto; the newest offer wins a race between two checks.
 */
export function useRevocationKeeper(
  prefix: string | null,
  enrolmentKey: string,
  subtle: Ed25519Verifier<CryptoKey> | null,
): void {
  useEffect(() => {
    const store = useTrustStore.getState();
    if (prefix === null || enrolmentKey === '' || subtle === null) {
      store.setRevocations(NO_REVOCATIONS);
      return;
    }
    let live = true;
    let kept: RevocationEnvelope | null = null;
    let checking = Promise.resolve();

    const offer = (envelope: RevocationEnvelope, fromStorage: boolean): void => {
      checking = checking.then(async () => {
        const verified = await checkRevocationList(envelope, prefix, enrolmentKey, subtle);
        if (!live) return;
        if (fromStorage && !verified) return;
        const { keep, state } = weigh(kept, envelope, verified);
        if (keep !== kept && keep !== null) saveKept({ prefix, key: enrolmentKey, envelope: keep });
        kept = keep;
        useTrustStore.getState().setRevocations(state);
      });
    };

    store.setRevocations(NO_REVOCATIONS);
    const stored = loadKept(prefix, enrolmentKey);
    if (stored) offer(stored, true);
    const onBroker = store.trust.revocations;
    if (onBroker) offer(onBroker, false);
    const unsubscribe = useTrustStore.subscribe((state, previous) => {
      const next = state.trust.revocations;
      if (next && next !== previous.trust.revocations) offer(next, false);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [prefix, enrolmentKey, subtle]);
}
