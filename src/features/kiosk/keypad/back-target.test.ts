// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backTarget } from './back-target';

describe('backTarget: where Escape goes back to', () => {
  it('goes back a screen from a product, the cart and checkout', () => {
    expect(backTarget('/product/3', true)).toBe(-1);
    expect(backTarget('/cart', true)).toBe(-1);
    expect(backTarget('/checkout', true)).toBe(-1);
    expect(backTarget('/cart/', true)).toBe(-1);
  });

  it('with no screen before, to the one a shopper comes from', () => {
    expect(backTarget('/product/3', false)).toBe('/products');
    expect(backTarget('/cart', false)).toBe('/products');
    expect(backTarget('/checkout', false)).toBe('/cart');
  });

  it('does nothing where a journey starts', () => {
    for (const path of ['/', '/home', '/products', '/about', '/nowhere', '/product/3/extra']) {
      expect(backTarget(path, true)).toBeNull();
    }
  });
});
