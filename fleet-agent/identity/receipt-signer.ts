/**
 * The receipt signer: the QR text of a confirmed receipt, `{r, t, i, c}` (id, time,
 * [productId, quantity] lines, total in cents) with this kiosk's id added, signed with its
 * receipt key as a `KSR1.…` code, or null (not enrolled, not a request, too long for a
 * printed QR). Who may ask is the kiosk's business (receipt-signing.ts in its main
 * process); the simulator asks it directly.
 */
import { receiptPayloadSchema } from '../../shared/fleet/payloads';
import {
  encodeReceiptCode,
  parseReceiptSignRequest,
  RECEIPT_LIMITS,
  receiptPayloadJson,
} from '../../shared/fleet/receipt-code';
import type { ReceiptKey } from './receipt-key';

export interface ReceiptSigner {
  /** The receipt key's public key (base64url raw) for the online status; null: none. */
  receiptPublicKey(): string | null;
  /** The QR text for a sign request, or null when it is not one or cannot be signed. */
  sign(request: unknown): string | null;
  /** Whether a valid certificate for this key is in force: only then are receipts signed. */
  enrolled(): boolean;
}

/** `enrolled`: whether a valid certificate for this key is in force (enrolment.ts). */
export function createReceiptSigner(
  key: ReceiptKey | null,
  kioskId: string,
  enrolled: () => boolean,
): ReceiptSigner {
  return {
    receiptPublicKey: () => key?.publicKey ?? null,
    enrolled,
    sign: (request) => {
      if (!key || !enrolled()) return null;
      const fields = parseReceiptSignRequest(request);
      if (!fields) return null;
      // The shared zod schema has the last word on what a signed payload may hold.
      const payload = receiptPayloadSchema.safeParse({ ...fields, k: kioskId });
      if (!payload.success) return null;
      const json = receiptPayloadJson(payload.data);
      const code = encodeReceiptCode(json, key.sign(new TextEncoder().encode(json)));
      // Beyond this a printed QR no longer scans reliably: the plain id serves better.
      return code.length <= RECEIPT_LIMITS.maxCodeLength ? code : null;
    },
  };
}

/** A kiosk without a fleet: no key, nothing signed. */
export const NO_SIGNER: ReceiptSigner = {
  receiptPublicKey: () => null,
  sign: () => null,
  enrolled: () => false,
};
