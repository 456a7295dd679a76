/**
 * What the counter makes of a scanned code: a verified receipt (perhaps already collected)
 * or a refusal in words. Decoding and the Ed25519 check are shared/fleet/receipt-code.ts's,
 * with the browser's WebCrypto; no crypto of our own. Fails closed: anything short of a
 * verified signature is refused.
 */
import {
  decodeReceiptCode,
  RECEIPT_CODE_PREFIX,
  RECEIPT_ID_PATTERN,
  verifyReceiptCode,
  type Ed25519Verifier,
  type ReceiptPayload,
} from '@shared/fleet/receipt-code';

export type CheckResult =
  | { kind: 'verified'; receipt: ReceiptPayload; collectedAt: number | null }
  | { kind: 'refused'; title: string; reason: string };

export interface CheckContext {
  /** The public keys known for a kiosk (empty when the console has never seen it). */
  keysFor: (kioskId: string) => readonly string[];
  collectedAt: (kioskId: string, receiptId: string) => number | null;
  /** WebCrypto (crypto.subtle in the page). */
  subtle: Ed25519Verifier<CryptoKey>;
}

function unreadable(code: string): string {
  if (code.length === 0) return 'Nothing was scanned.';
  if (RECEIPT_ID_PATTERN.test(code)) {
    return 'This is a plain receipt id, not a signed receipt code: it cannot be checked (the kiosk has no fleet configured, or it came from the web shop).';
  }
  if (!code.startsWith(RECEIPT_CODE_PREFIX)) return 'This is not a kiosk receipt code.';
  return 'The receipt code is damaged or incomplete: it cannot be read.';
}

export async function checkReceipt(text: string, context: CheckContext): Promise<CheckResult> {
  const decoded = decodeReceiptCode(text);
  if (!decoded) {
    return { kind: 'refused', title: 'Not a valid receipt', reason: unreadable(text.trim()) };
  }
  const { payload } = decoded;
  const keys = context.keysFor(payload.k);
  if (keys.length === 0) {
    return {
      kind: 'refused',
      title: 'Unknown kiosk',
      reason: `No kiosk "${payload.k}" is known to this console, so the receipt cannot be checked. Is the console connected to the shop’s broker?`,
    };
  }
  for (const key of keys) {
    const check = await verifyReceiptCode(text, key, context.subtle);
    if (check.ok) {
      return {
        kind: 'verified',
        receipt: check.payload,
        collectedAt: context.collectedAt(check.payload.k, check.payload.r),
      };
    }
  }
  return {
    kind: 'refused',
    title: 'Receipt refused',
    reason: `The signature does not match kiosk "${payload.k}": the code was altered or was not made by that kiosk.`,
  };
}
