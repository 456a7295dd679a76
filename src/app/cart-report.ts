import { orderTotals, useCartStore } from '@/features/cart/public';
import type { CartReport } from '@/features/kiosk/speech/cart-report';

/**
 * The cart as the kiosk's speech hears it (every cart change and the cart's
 * total with tax and savings are spoken). The kiosk feature may not read the cart feature,
 * so the app, which may use both, hands it this. Only the kiosk's chunk imports it.
 */
export const CART_REPORT: CartReport = {
  subscribe: (listener) =>
    useCartStore.subscribe((state, previous) => {
      if (state.cart !== previous.cart || state.savingsCents !== previous.savingsCents) listener();
    }),
  facts: () => {
    const { cart, subtotalCents, savingsCents } = useCartStore.getState();
    return {
      items: cart.reduce((sum, line) => sum + line.quantity, 0),
      totalCents: orderTotals(subtotalCents, savingsCents).total,
      savingsCents,
    };
  },
};
