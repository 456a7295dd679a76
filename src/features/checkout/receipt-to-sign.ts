import type { ReceiptToSign } from '@shared/bridge';
import type { Receipt } from './receipt';

/**
 * What a kiosk with a fleet signs for the receipt's QR, so the counter can check the
 * order: the receipt id, when it was confirmed, [productId, quantity] per line and the
 * total paid in cents, exactly as the receipt shows them. Nothing about the shopper.
 */
export function receiptToSign(receipt: Receipt): ReceiptToSign {
  return {
    r: receipt.id,
    t: receipt.issuedAt,
    i: receipt.lines.map((line): [number, number] => [line.productId, line.quantity]),
    c: receipt.total,
  };
}
