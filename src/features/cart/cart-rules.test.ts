// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { addLine, isInCart, removeLine, setLineQuantity } from './cart-lines';
import { clampQuantity, MAX_QUANTITY, totalQuantity } from './cart-rules';

const shirt = makeProduct({ id: 1 });
const ring = makeProduct({ id: 2, category: 'jewelery' });

describe('cart rules', () => {
  it('appends a new line with a copy of the product', () => {
    const cart = addLine([], shirt, 2);
    expect(cart).toEqual([{ productId: 1, quantity: 2, productData: shirt }]);
  });

  it('adding a product already in the cart increases its quantity by the added amount', () => {
    const cart = addLine(addLine([], shirt, 2), shirt, 3);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(5);
  });

  it('keeps other lines and their order', () => {
    const cart = addLine(addLine(addLine([], shirt, 1), ring, 1), shirt, 1);
    expect(cart.map((line) => [line.productId, line.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('remove deletes the line', () => {
    const cart = removeLine(addLine(addLine([], shirt, 1), ring, 1), 1);
    expect(cart.map((line) => line.productId)).toEqual([2]);
    expect(isInCart(cart, 1)).toBe(false);
  });

  it('setting a quantity never goes below 1 or above the maximum', () => {
    const cart = addLine([], shirt, 1);
    expect(setLineQuantity(cart, 1, 0)[0]?.quantity).toBe(1);
    expect(setLineQuantity(cart, 1, -5)[0]?.quantity).toBe(1);
    expect(setLineQuantity(cart, 1, 1e9)[0]?.quantity).toBe(MAX_QUANTITY);
    expect(setLineQuantity(cart, 1, 7)[0]?.quantity).toBe(7);
  });

  it('counts the total item quantity for the badge', () => {
    expect(totalQuantity(addLine(addLine([], shirt, 2), ring, 3))).toBe(5);
    expect(totalQuantity([])).toBe(0);
  });

  it('clamps odd quantities to a safe whole number', () => {
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(Infinity)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
  });
});
