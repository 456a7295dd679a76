import { useState } from 'react';
import { orderTotals, useCartStore } from '@/features/cart/public';
import { activityReports } from '@/platform/activity-bridge';
import { useCapabilities } from '@/platform/capabilities-context';
import { requestCollectionNumber } from '@/platform/collection-number';
import { handOverOrder } from '@/platform/order-handover';
import { lastReceipt, rememberReceipt } from './last-receipt';
import { buildReceipt, type Receipt } from './receipt';
import { receiptToOrder } from './receipt-to-order';

/**
 * The confirm step (spec §4). The receipt (id, lines and what was paid) is captured first,
 * then the cart is cleared (subtotal and savings 0, also in storage), and the thank-you
 * view shows the receipt. The page itself sends no order anywhere (spec §1, §7): a kiosk
 * hands the order to its main process, which sends it to the shop service in the
 * background, if it has one, and asks main for the order's collection number, added to
 * the receipt when it comes; the web build has no one to hand it to or ask.
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
    // A count for the fleet's health: nothing of what was bought.
    activityReports(bridge).receipt();
    handOverOrder(bridge, receiptToOrder(next));
    void requestCollectionNumber(bridge, next.id).then((collectionNumber) => {
      if (collectionNumber === null) return;
      const numbered: Receipt = { ...next, collectionNumber };
      // Not after an idle wipe forgot the receipt: the next shopper must not find it.
      if (lastReceipt()?.id === next.id) rememberReceipt(numbered);
      setReceipt((shown) => (shown?.id === next.id ? numbered : shown));
    });
  };
  return { receipt, confirm };
}
