import { useState } from 'react';
import { useCartStore } from '@/features/cart/public';
import { rememberReceipt } from './last-receipt';
import { createReceiptId } from './receipt';

/**
 * The confirm step (spec §4): no order is sent anywhere. The cart is cleared (subtotal and
 * savings 0, also in storage) and a receipt id is made, which the thank-you view shows.
 */
export function useConfirmPurchase(): { receiptId: string | null; confirm: () => void } {
  const clearCart = useCartStore((state) => state.clearCart);
  const [receiptId, setReceiptId] = useState<string | null>(null);
  const confirm = () => {
    const id = createReceiptId();
    rememberReceipt(id);
    clearCart();
    setReceiptId(id);
  };
  return { receiptId, confirm };
}
