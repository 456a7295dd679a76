// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { addLine } from './cart-lines';
import type { CartLine } from './cart-rules';
import {
  cardListPrice,
  lineTotal,
  orderTotals,
  savingsFor,
  subtotal,
  suggestionListPrice,
  taxFor,
} from './pricing';

describe('pricing', () => {
  it('line total is price times quantity in cents', () => {
    const line: CartLine = {
      productId: 1,
      quantity: 3,
      productData: makeProduct({ price: 109.95 }),
    };
    expect(lineTotal(line)).toBe(32985);
  });

  it('savings are 10% and tax 20% of the subtotal; total = subtotal + tax - savings', () => {
    const cart = addLine(
      addLine([], makeProduct({ id: 1, price: 109.95 }), 2),
      makeProduct({ id: 2, price: 22.3 }),
      1,
    );
    const sub = subtotal(cart);
    expect(sub).toBe(24220);
    const totals = orderTotals(sub, savingsFor(sub));
    expect(totals).toEqual({ subtotal: 24220, savings: 2422, tax: 4844, total: 26642 });
  });

  it('an empty cart costs nothing', () => {
    expect(orderTotals(subtotal([]), savingsFor(0))).toEqual({
      subtotal: 0,
      savings: 0,
      tax: 0,
      total: 0,
    });
  });

  it('the card list price is price x1.2 rounded down to whole dollars', () => {
    expect(cardListPrice(109.95)).toBe(13100); // 131.94 → $131.00
    expect(cardListPrice(10)).toBe(1200);
    expect(cardListPrice(0.5)).toBe(0);
    expect(cardListPrice(1299.99)).toBe(155900); // 1559.988 → $1,559.00
  });

  it('the suggestion list price is price x1.2 to the cent', () => {
    expect(suggestionListPrice(109.95)).toBe(13194);
    expect(suggestionListPrice(22.3)).toBe(2676);
  });

  const priceArb = fc.integer({ min: 1, max: 500_000 }).map((cents) => cents / 100);
  const cartArb = fc
    .array(fc.tuple(priceArb, fc.integer({ min: 1, max: 999 })), { maxLength: 20 })
    .map((items) =>
      items.reduce<CartLine[]>(
        (cart, [price, quantity], index) =>
          addLine(cart, makeProduct({ id: index, price }), quantity),
        [],
      ),
    );

  it('property: totals are whole cents and consistent with each other', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const sub = subtotal(cart);
        const totals = orderTotals(sub, savingsFor(sub));
        expect(Number.isInteger(totals.total)).toBe(true);
        expect(totals.total).toBe(totals.subtotal + totals.tax - totals.savings);
        expect(totals.subtotal).toBe(cart.reduce((sum, line) => sum + lineTotal(line), 0));
      }),
    );
  });

  it('property: savings are 10% and tax 20% of the subtotal within half a cent', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const sub = subtotal(cart);
        expect(Math.abs(savingsFor(sub) - sub * 0.1)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(taxFor(sub) - sub * 0.2)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(orderTotals(sub, savingsFor(sub)).total - sub * 1.1)).toBeLessThanOrEqual(
          1,
        );
      }),
    );
  });

  it('property: the card list price never exceeds price x1.2 and is whole dollars', () => {
    fc.assert(
      fc.property(priceArb, (price) => {
        const list = cardListPrice(price);
        expect(list % 100).toBe(0);
        expect(list).toBeLessThanOrEqual(Math.round(price * 100) * 1.2);
        expect(list).toBeGreaterThan(Math.round(price * 100) * 1.2 - 100);
      }),
    );
  });

  it('property: adding never lowers the total', () => {
    fc.assert(
      fc.property(cartArb, priceArb, (cart, price) => {
        const before = orderTotals(subtotal(cart), savingsFor(subtotal(cart))).total;
        const next = addLine(cart, makeProduct({ id: 10_000, price }), 1);
        const after = orderTotals(subtotal(next), savingsFor(subtotal(next))).total;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });
});
