/**
 * The checkout feature's door: all a page or another feature may use of it
 * (eslint.layers.mjs). The app wires its session parts directly (src/app/session).
 */
export { CheckoutScreen } from './checkout-screen';
export { PickupSteps } from './components/pickup-steps';
