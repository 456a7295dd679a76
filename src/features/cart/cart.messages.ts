import { defineMessages } from '@/i18n/messages';

/** The cart: its page, its lines and summary, vouchers and what is announced. */
export const cartText = defineMessages('cart', {
  title: 'Cart',
  heading: 'Shopping Cart',
  summary: 'Order summary',
  proceed: 'Proceed to Checkout',
  continueShopping: 'Continue Shopping',
  voucherSection: 'Voucher',
  items: 'Items in your cart',
  itemsInCart:
    '{count, plural, =0 {The cart is empty.} one {# item in the cart.} other {# items in the cart.}}',
  quantityChanged: '{title}: quantity {quantity}. {cart}',
  removed: 'Removed {title}. {cart}',
  addToCart: 'Add to cart',
  addedToCart: 'Added {quantity} × {title} to the cart.',
  buyNow: 'Buy it now',
  lineTotal: 'Line total ',
  remove: 'Remove',
  empty: 'No items in cart',
  emptyText: 'Find something you like and it will wait for you here.',
  originalPrice: 'Original price',
  savings: 'Savings',
  pickup: 'Store Pickup',
  free: 'FREE',
  tax: 'Tax',
  total: 'Total',
  suggestions: 'People also bought',
  voucherQuestion: 'Do you have a voucher or gift card?',
  applyCode: 'Apply Code',
  validCodes: 'Valid codes: {codes}',
  voucherApplied: 'Voucher {code} applied: 10% savings',
});
