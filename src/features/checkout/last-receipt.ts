import { getSessionStorage } from '@web-shared/lib/browser-storage';
import { LAST_RECEIPT_KEY as KEY } from './forget-receipt';
import { parseReceipt, type Receipt } from './receipt';

/**
 * This tab's last receipt, so a reload of the thank-you page does not lose what the
 * shopper shows at the counter. Session storage only: the spec's four localStorage keys
 * stay exactly as they are, and the receipt dies with the tab (or the kiosk's idle wipe).
 */
export function rememberReceipt(receipt: Receipt): void {
  try {
    getSessionStorage()?.setItem(KEY, JSON.stringify(receipt));
  } catch {
    // Without session storage the receipt is still on screen; nothing else to do.
  }
}

export function lastReceipt(): Receipt | null {
  try {
    const raw = getSessionStorage()?.getItem(KEY) ?? null;
    return raw === null ? null : parseReceipt(JSON.parse(raw));
  } catch {
    return null;
  }
}
