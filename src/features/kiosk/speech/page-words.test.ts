import { describe, expect, it } from 'vitest';
import { cartWords, pageWords } from './page-words';

describe('the words for a page', () => {
  it('says the catalogue’s heading, page and how many products it shows', () => {
    expect(
      pageWords({ kind: 'catalogue', heading: 'Products', page: 1, pages: 4, products: 6 }),
    ).toBe('Products, page 1 of 4, 6 products.');
    expect(
      pageWords({ kind: 'catalogue', heading: 'Products', page: 4, pages: 4, products: 1 }),
    ).toBe('Products, page 4 of 4, 1 product.');
  });

  it('says a product’s title, price and rating', () => {
    expect(
      pageWords({
        kind: 'product',
        heading: 'Silver Ring',
        price: '$22.30',
        details: ['Rated 4.5 out of 5'],
      }),
    ).toBe('Silver Ring, $22.30. Rated 4.5 out of 5.');
  });

  it('says the cart’s lines and its summary, or that it is empty', () => {
    expect(
      pageWords({
        kind: 'cart',
        heading: 'Shopping Cart',
        lines: 2,
        rows: [
          { label: 'Savings', value: '-$9.00' },
          { label: 'Total', value: '$98.94' },
        ],
      }),
    ).toBe('Shopping Cart, 2 products. Savings $9.00. Total $98.94.');
    expect(pageWords({ kind: 'cart', heading: 'No items in cart', lines: 0, rows: [] })).toBe(
      'No items in cart.',
    );
  });

  it('says the order before it is confirmed', () => {
    expect(
      pageWords({
        kind: 'checkout',
        heading: 'Checkout',
        lines: ['Silver Ring Qty 1 $22.30', 'Watch Qty 2 $100.00'],
        rows: [{ label: 'Total (incl. tax)', value: '$137.16' }],
      }),
    ).toBe(
      'Checkout. Your order: Silver Ring Qty 1 $22.30; Watch Qty 2 $100.00. Total (incl. tax) $137.16.',
    );
  });

  it('says the receipt: its id, items and what was paid', () => {
    expect(
      pageWords({
        kind: 'receipt',
        heading: 'Thank you for your purchase!',
        collection: null,
        receiptId: 'Receipt-1732000000000-45',
        lines: ['1 × Silver Ring $22.30'],
        rows: [{ label: 'Paid', value: '$24.53' }],
        note: 'Show this receipt at the pickup counter to collect your order.',
      }),
    ).toBe(
      'Thank you for your purchase! Your receipt is Receipt-1732000000000-45. Items: 1 × Silver Ring $22.30. Paid $24.53. Show this receipt at the pickup counter to collect your order.',
    );
  });

  it('says a kiosk’s collection number and where to go with it, before the receipt', () => {
    expect(
      pageWords({
        kind: 'receipt',
        heading: 'Thank you for your purchase!',
        collection: {
          number: 'C 27',
          where:
            'Go to the pickup counter and watch the board for C 27. When it shows as ready, your order is waiting for you.',
        },
        receiptId: 'Receipt-1732000000000-45',
        lines: [],
        rows: [],
        note: '',
      }),
    ).toBe(
      'Thank you for your purchase! Your collection number is C 27. Go to the pickup counter and watch the board for C 27. When it shows as ready, your order is waiting for you. Your receipt is Receipt-1732000000000-45.',
    );
  });

  it('says any other page’s heading and first paragraph', () => {
    expect(
      pageWords({ kind: 'other', heading: "Oh no, this route doesn't exist!", text: '' }),
    ).toBe("Oh no, this route doesn't exist!");
  });
});

describe('the words for the cart after a change', () => {
  it('says the items, the total with tax and the savings', () => {
    expect(cartWords({ items: 3, totalCents: 10794, savingsCents: 900 })).toBe(
      'Cart: 3 items, total $107.94 including tax, you save $9.00.',
    );
    expect(cartWords({ items: 1, totalCents: 1200, savingsCents: 0 })).toBe(
      'Cart: 1 item, total $12.00 including tax.',
    );
    expect(cartWords({ items: 0, totalCents: 0, savingsCents: 0 })).toBe('The cart is empty.');
  });
});
