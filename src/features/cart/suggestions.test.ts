// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { addLine } from './cart-lines';
import { pickSuggestions } from './suggestions';

const products = [
  makeProduct({ id: 1, category: 'electronics' }),
  makeProduct({ id: 2, category: 'jewelery' }),
  makeProduct({ id: 3, category: 'jewelery' }),
  makeProduct({ id: 4, category: 'electronics' }),
  makeProduct({ id: 5, category: 'jewelery' }),
  makeProduct({ id: 6, category: 'jewelery' }),
];

describe('suggestions', () => {
  it('offers up to 3 products not in the cart, same category as the first cart item first', () => {
    const cart = addLine(addLine([], products[1]!, 1), products[0]!, 1);
    expect(pickSuggestions(products, cart).map((p) => p.id)).toEqual([3, 5, 6]);
  });

  it('fills with other categories when the first category runs out', () => {
    const cart = addLine([], products[0]!, 1);
    expect(pickSuggestions(products, cart).map((p) => p.id)).toEqual([4, 2, 3]);
  });

  it('suggests from the catalogue when the cart is empty, and nothing without a catalogue', () => {
    expect(pickSuggestions(products, [])).toHaveLength(3);
    expect(pickSuggestions([], [])).toEqual([]);
  });
});
