/**
 * The cart feature's door: all a page or another feature may use of it (eslint.layers.mjs).
 * The app wires the store and its storage sync directly (src/app).
 */
export type { CartLine } from './cart-rules';
export { CartScreen } from './cart-screen';
export { AddToCartPanel } from './components/add-to-cart-panel';
export { SummaryRow } from './components/summary-row';
export { cardListPrice, lineTotal, orderTotals, type OrderTotals } from './pricing';
export { useCartStore } from './store/cart-store';
export { useAddOne } from './use-add-one';
