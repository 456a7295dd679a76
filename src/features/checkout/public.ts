/**
 * The checkout feature's door: all a page, another feature or the app's session may use of
 * it (eslint.layers.mjs).
 */
export { CheckoutScreen } from './checkout-screen';
export { forgetReceipt } from './forget-receipt';
export { useReceiptOnScreen } from './receipt-on-screen';
export { PickupSteps } from './components/pickup-steps';
