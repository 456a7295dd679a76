import { getSessionStorage } from '@web-shared/lib/browser-storage';

/**
 * Where this tab keeps its last receipt (last-receipt.ts reads and writes it). Apart from
 * there because the shopper's session (the first download) only ever forgets it: with the
 * reading, the receipt's rules and its id would come along into the first download too.
 */
export const LAST_RECEIPT_KEY = 'lastReceipt';

export function forgetReceipt(): void {
  try {
    getSessionStorage()?.removeItem(LAST_RECEIPT_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
