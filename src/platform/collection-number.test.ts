// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KioskBridge } from '@shared/bridge';
import type { PageBridge } from './capabilities';
import { COLLECTION_ANSWER_TIMEOUT_MS, requestCollectionNumber } from './collection-number';

const BASE: KioskBridge = {
  getConfig: () => {
    throw new Error('not asked');
  },
  onStaffExitRequested: () => () => undefined,
  submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
  printReceipt: () => Promise.resolve({ ok: true }),
};
const RECEIPT = 'Receipt-1741078800000-7';

afterEach(() => {
  vi.useRealTimers();
});

describe('asking main for the order’s collection number', () => {
  it('hands back main’s number for the receipt', async () => {
    const collectionNumber = vi.fn(() => Promise.resolve('C 27'));
    const bridge: PageBridge = { ...BASE, collectionNumber };
    await expect(requestCollectionNumber(bridge, RECEIPT)).resolves.toBe('C 27');
    expect(collectionNumber).toHaveBeenCalledExactlyOnceWith(RECEIPT);
  });

  it('gives none in the web build, from disk, or with a preload that has no numbers', async () => {
    await expect(requestCollectionNumber(null, RECEIPT)).resolves.toBeNull();
    await expect(requestCollectionNumber(BASE, RECEIPT)).resolves.toBeNull();
  });

  it('gives none for an answer that is not a number, a failure, or a throw', async () => {
    for (const answer of [
      () => Promise.resolve('C-27'),
      () => Promise.resolve(null),
      () => Promise.reject(new Error('gone')),
      () => {
        throw new Error('broken preload');
      },
    ]) {
      const bridge = { ...BASE, collectionNumber: answer } as PageBridge;
      await expect(requestCollectionNumber(bridge, RECEIPT)).resolves.toBeNull();
    }
  });

  it('stops waiting for an answer that never comes', async () => {
    vi.useFakeTimers();
    const bridge: PageBridge = { ...BASE, collectionNumber: () => new Promise(() => undefined) };
    const asked = requestCollectionNumber(bridge, RECEIPT);
    await vi.advanceTimersByTimeAsync(COLLECTION_ANSWER_TIMEOUT_MS);
    await expect(asked).resolves.toBeNull();
  });
});
