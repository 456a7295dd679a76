import { webcrypto } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import type { RevocationEnvelope } from '@shared/fleet/trust/revocation-list';
import {
  makeEnrolmentKey,
  revocationList,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signRevocationsWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { loadKept, REVOCATIONS_STORAGE_KEY, useRevocationKeeper, weigh } from './revocation-keeper';
import { useTrustStore } from './trust-store';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;

const operator = makeEnrolmentKey();
const list = (version: number) =>
  signRevocationsWith(revocationList([], { version }), operator.privateKey);

describe('the revocation list a console keeps', () => {
  it('takes a verified newer version, and keeps it over an older one the broker offers later', () => {
    const first = weigh(null, list(2), true);
    expect(first).toMatchObject({ keep: list(2), state: { list: { version: 2 }, refused: false } });
    const replayed = weigh(first.keep, list(1), true);
    expect(replayed.keep).toEqual(list(2));
    expect(replayed.state).toMatchObject({ list: { version: 2 }, olderOnBroker: 1 });
    expect(weigh(first.keep, list(3), true).keep).toEqual(list(3));
  });

  it('refuses a list that does not verify, keeping what it had', () => {
    const kept = list(2);
    expect(weigh(kept, list(9), false)).toEqual({
      keep: kept,
      state: { list: kept.revocations, olderOnBroker: null, refused: true },
    });
  });

  it('reads back only the list kept for this fleet and key', () => {
    localStorage.setItem(
      REVOCATIONS_STORAGE_KEY,
      JSON.stringify({ prefix: SAMPLE_PREFIX, key: operator.publicText, envelope: list(4) }),
    );
    expect(loadKept(SAMPLE_PREFIX, operator.publicText)?.revocations.version).toBe(4);
    expect(loadKept('other-shop', operator.publicText)).toBeNull();
    expect(loadKept(SAMPLE_PREFIX, makeEnrolmentKey().publicText)).toBeNull();
    localStorage.setItem(REVOCATIONS_STORAGE_KEY, '{"prefix":');
    expect(loadKept(SAMPLE_PREFIX, operator.publicText)).toBeNull();
  });

  it('is not frozen by a list at the highest version that does not verify: a later genuine list still revokes', async () => {
    useTrustStore.getState().reset();
    const offer = (envelope: RevocationEnvelope) =>
      act(() =>
        useTrustStore
          .getState()
          .fold([{ kind: 'revocations', envelope, retained: true, receivedAt: 1 }]),
      );
    const { unmount } = renderHook(() =>
      useRevocationKeeper(SAMPLE_PREFIX, operator.publicText, subtle),
    );
    offer(
      signRevocationsWith(
        revocationList([], { version: 2 ** 31 - 1 }),
        makeEnrolmentKey().privateKey,
      ),
    );
    await waitFor(() => expect(useTrustStore.getState().revocations.refused).toBe(true));

    const revoked = { kioskId: 'kiosk-a', serial: SAMPLE_SERIAL, revokedAt: 1_700_000_500_000 };
    offer(signRevocationsWith(revocationList([revoked], { version: 2 }), operator.privateKey));
    await waitFor(() =>
      expect(useTrustStore.getState().revocations).toMatchObject({
        list: { version: 2, revoked: [revoked] },
        refused: false,
      }),
    );
    unmount();
  });
});
