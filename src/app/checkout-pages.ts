/**
 * The checkout page, as the app loads it with import(): its own chunk (with its QR code),
 * which brings the whole stylesheet (the first download has only first-screen.css). A
 * shopper reaches checkout through the cart, whose chunk (shop-pages.ts) brought the sheet
 * already; a deep link to /checkout needs it here.
 */
import '@/styles.css';

export { CheckoutPage } from '@/pages/checkout-page';
