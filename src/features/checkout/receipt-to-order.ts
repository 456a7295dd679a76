import type { OrderToSend } from '@shared/bridge';
import type { Receipt } from './receipt';

/**
 * The order a kiosk hands to its main process at the confirm step (for the shop service):
 * the receipt id, when it was confirmed, one line per product with the title the shopper
 * saw, the quantity and the unit price, the image it was shown with (main decides whether
 * the staff's screens can show it), and the lines' total, in cents. The unit price is
 * the line total over the quantity, exact since the cart computes one from the other.
 * Nothing about the shopper: the receipt holds nothing of them.
 */
export function receiptToOrder(receipt: Receipt): OrderToSend {
  const lines = receipt.lines.map((line) => ({
    productId: line.productId,
    title: line.title,
    quantity: line.quantity,
    priceCents: line.quantity > 0 ? Math.round(line.lineTotal / line.quantity) : 0,
    ...(line.image === undefined ? {} : { image: line.image }),
  }));
  return {
    receiptId: receipt.id,
    at: receipt.issuedAt,
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.quantity * line.priceCents, 0),
  };
}
