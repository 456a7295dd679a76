import { webcrypto } from 'node:crypto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import {
  makeEnrolmentKey,
  SAMPLE_PREFIX,
  signRevocationRecordWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { answer, fakeService, UNREACHABLE } from '../test/fake-service';
import { REVOCATION_RECORDS } from './record-kinds';
import { useServiceSession } from './service-session';
import { useKeptRecords } from './use-kept-records';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;
const operator = makeEnrolmentKey();
const STORAGE = `${REVOCATION_RECORDS.storageKey}:${SAMPLE_PREFIX}`;
const a = signRevocationRecordWith(
  { kioskId: 'kiosk-a', serial: 'serial-a-0000000001' },
  operator.privateKey,
);
const b = signRevocationRecordWith(
  { kioskId: 'kiosk-b', serial: 'serial-b-0000000002' },
  operator.privateKey,
);
const forged = signRevocationRecordWith(
  { kioskId: 'kiosk-c', serial: 'serial-c-0000000003' },
  makeEnrolmentKey().privateKey,
);
const keep = (items: unknown[]) =>
  localStorage.setItem(
    STORAGE,
    JSON.stringify({ prefix: SAMPLE_PREFIX, key: operator.publicText, fetchedAt: 5, items }),
  );
const signedInWith = (revocations: unknown[] | null) =>
  useServiceSession.setState({
    phase: 'signed-in',
    client: fakeService(() =>
      revocations === null ? UNREACHABLE : answer(200, { fleet: SAMPLE_PREFIX, revocations }),
    ),
  });
const render = () =>
  renderHook(() => useKeptRecords(REVOCATION_RECORDS, SAMPLE_PREFIX, operator.publicText, subtle));

afterEach(() => useServiceSession.setState({ phase: 'signed-out', client: null }));

describe('the revocations a counter keeps', () => {
  it('adds what the service sends to the kept copy, never losing one the service lost', async () => {
    keep([a]);
    signedInWith([b]);
    const { result } = render();
    await waitFor(() => expect(result.current.items).toEqual([a, b]));
    expect(result.current.fetchedAt).toBeGreaterThan(5);
    const saved = JSON.parse(localStorage.getItem(STORAGE) ?? '{}') as { items: unknown[] };
    expect(saved.items).toEqual([a, b]);
  });

  it('counts only what verifies under the pinned key', async () => {
    signedInWith([a, forged]);
    const { result } = render();
    await waitFor(() => expect(result.current.items).toEqual([a]));
    expect(result.current.refused).toBe(1);
  });

  it('keeps the copy, with its age, while the service cannot be reached', async () => {
    keep([a]);
    signedInWith(null);
    const { result } = render();
    await waitFor(() =>
      expect(result.current).toMatchObject({
        items: [a],
        fetchedAt: 5,
        problem: 'the shop service cannot be reached',
      }),
    );
  });

  it('drops a kept copy whose records no longer verify: it counts as none', async () => {
    keep([a, { ...b, revocation: { ...b.revocation, kioskId: 'kiosk-z' } }]);
    const { result } = render();
    await waitFor(() =>
      expect(result.current).toMatchObject({
        items: [],
        fetchedAt: null,
        problem: 'the copy kept in this browser does not verify and was dropped',
      }),
    );
  });

  it('trusts nothing without a pinned key or WebCrypto', () => {
    keep([a]);
    const none = renderHook(() => useKeptRecords(REVOCATION_RECORDS, SAMPLE_PREFIX, '', subtle));
    expect(none.result.current).toMatchObject({ items: [], problem: 'no enrolment key is pinned' });
    const blind = renderHook(() =>
      useKeptRecords(REVOCATION_RECORDS, SAMPLE_PREFIX, operator.publicText, null),
    );
    expect(blind.result.current).toMatchObject({
      items: [],
      problem: 'this page cannot check signatures',
    });
  });
});
