import { isCollectionNumber } from '@shared/collection-number';
import type { PageBridge } from './capabilities';

/**
 * The order's collection number ("C 27"), which the kiosk's main process gives without the
 * network (electron/main/collection/). Only the Electron preload offers it: in the web build
 * and the kiosk renderer opened from disk there is no number, and the page shows none.
 * Never throws; a late, missing or malformed answer is no number.
 */

/** Main answers from its own disk in a few milliseconds; past this it is not coming. */
export const COLLECTION_ANSWER_TIMEOUT_MS = 5_000;

export async function requestCollectionNumber(
  bridge: PageBridge | null,
  receiptId: string,
): Promise<string | null> {
  const ask = bridge?.collectionNumber;
  if (typeof ask !== 'function') return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), COLLECTION_ANSWER_TIMEOUT_MS);
  });
  try {
    const answer: unknown = await Promise.race([ask.call(bridge, receiptId), gaveUp]);
    return isCollectionNumber(answer) ? answer : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
