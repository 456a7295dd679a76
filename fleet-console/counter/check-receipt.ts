/**
 * What the counter makes of a scanned code: a verified receipt (perhaps already collected)
 * or a refusal in words. Fails closed: anything short of a verified signature is refused.
 */
import { decodeReceiptCode, type ReceiptPayload } from './receipt-code';
import { verifyReceipt } from './receipt-verify';

export type CheckResult =
  | { kind: 'verified'; receipt: ReceiptPayload; collectedAt: number | null }
  | { kind: 'refused'; title: string; reason: string };

export interface CheckContext {
  /** The public keys known for a kiosk (empty when the console has never seen it). */
  keysFor: (kioskId: string) => readonly string[];
  collectedAt: (kioskId: string, receiptId: string) => number | null;
}

export async function checkReceipt(text: string, context: CheckContext): Promise<CheckResult> {
  const decoded = decodeReceiptCode(text);
  if (!decoded.ok) return { kind: 'refused', title: 'Not a valid receipt', reason: decoded.reason };
  const { payload } = decoded.receipt;
  const keys = context.keysFor(payload.k);
  if (keys.length === 0) {
    return {
      kind: 'refused',
      title: 'Unknown kiosk',
      reason: `No kiosk "${payload.k}" is known to this console, so the receipt cannot be checked. Is the console connected to the shop’s broker?`,
    };
  }
  if (!(await verifyReceipt(decoded.receipt, keys))) {
    return {
      kind: 'refused',
      title: 'Receipt refused',
      reason: `The signature does not match kiosk "${payload.k}": the code was altered or was not made by that kiosk.`,
    };
  }
  return {
    kind: 'verified',
    receipt: payload,
    collectedAt: context.collectedAt(payload.k, payload.r),
  };
}
