/**
 * The cart feature's door: all another feature may use of it (eslint.layers.mjs).
 * Pages and the app compose the cart's own files directly.
 */
export type { CartLine } from './cart-rules';
export { lineTotal, orderTotals, type OrderTotals } from './pricing';
export { useCartStore } from './store/cart-store';
