import { useState } from 'react';
import { orderTotals, useCartStore } from '@/features/cart/public';
import { activityReports } from '@/platform/activity-bridge';
import { useCapabilities } from '@/platform/capabilities-context';
import { rememberReceipt } from './last-receipt';
import { buildReceipt, type Receipt } from './receipt';

/**
 * The confirm step (spec §4): no order is sent anywhere. The receipt (id, lines and what
 * was paid) is captured first, then the cart is cleared (subtotal and savings 0, also in
 * storage), and the thank-you view shows the receipt.
 */
export function useConfirmPurchase(): { receipt: Receipt | null; confirm: () => void } {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const { bridge } = useCapabilities();
  const confirm = () => {
    const { cart, subtotalCents, savingsCents, clearCart } = useCartStore.getState();
    const next = buildReceipt(cart, orderTotals(subtotalCents, savingsCents));
    rememberReceipt(next);
    clearCart();
    setReceipt(next);
    // A count for the fleet's health; nothing of what was bought leaves the page here.
    activityReports(bridge).receipt();
  };
  return { receipt, confirm };
}
