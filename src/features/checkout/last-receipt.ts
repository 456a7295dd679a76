import { getSessionStorage } from '@/lib/browser-storage';

/**
 * The receipt id of this tab's last purchase, so a reload of the thank-you page does not
 * lose the number the shopper shows at the counter. Session storage only: the spec's four
 * localStorage keys stay exactly as they are, and the id dies with the tab.
 */
const KEY = 'lastReceipt';
const RECEIPT_PATTERN = /^Receipt-\d{1,16}-\d{1,3}$/;

export function rememberReceipt(receiptId: string): void {
  try {
    getSessionStorage()?.setItem(KEY, receiptId);
  } catch {
    // Without session storage the receipt is still on screen; nothing else to do.
  }
}

export function lastReceipt(): string | null {
  try {
    const value = getSessionStorage()?.getItem(KEY) ?? null;
    return value !== null && RECEIPT_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function forgetReceipt(): void {
  try {
    getSessionStorage()?.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
