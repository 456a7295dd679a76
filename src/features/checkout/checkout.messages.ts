import { defineMessages } from '@/i18n/messages';

/** Checkout: the order to confirm, the thank-you and its receipt, printing it. */
export const checkoutText = defineMessages('checkout', {
  title: 'Checkout',
  heading: 'Checkout',
  thanksTitle: 'Thank you',
  keepShopping: 'Keep Shoping',
  emptyCart: 'Your cart is empty.',
  lastReceipt: 'Your last receipt:',
  lastCollection: 'Collection number {number}',
  yourOrder: 'Your order',
  quantity: 'Qty {quantity}',
  savings: 'Savings',
  pickup: 'Store Pickup',
  free: 'FREE',
  totalWithTax: 'Total (incl. tax)',
  confirm: 'Confirm Purchase !',
  thanks: 'Thank you for your purchase!',
  showReceipt: 'Show this receipt at the pickup counter to collect your order.',
  collectionHeading: 'Your collection number',
  collectionIs: 'Your collection number is {number}.',
  collectionWhere:
    'Go to the pickup counter and watch the board for {number}. When it shows as ready, your order is waiting for you.',
  slipBrand: 'Kiosk Shop · store pickup receipt',
  yourReceipt: 'Your receipt',
  slipFooter: 'Show this slip at the pickup counter.',
  items: 'Items',
  times: '{quantity} ×',
  saved: 'You saved',
  tax: 'Tax (20%)',
  storePickup: 'Store pickup',
  paid: 'Paid',
  qrCode: 'QR code of receipt {id}',
  print: 'Print receipt',
  printing: 'Printing your receipt…',
  printed: 'Your receipt is printing. Please take it from the slot.',
  printFailed: 'The receipt could not be printed. Please show this screen at the counter.',
  printerMissing:
    'The receipt printer is not available right now. Please show this screen at the counter.',
  printedTwice:
    'This receipt has already been printed twice. Please show this screen at the counter.',
  printBusy: 'A receipt is printing right now. Please wait a moment and try again.',
});
