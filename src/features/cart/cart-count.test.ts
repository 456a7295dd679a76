import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';

/** A fresh page: neither the count nor the cart's store has read anything yet. */
async function freshPage() {
  vi.resetModules();
  const count = await import('./cart-count');
  const loader = await import('./cart-store-loader');
  return { ...count, ...loader };
}

const line = (id: number, quantity: number) => ({
  productId: id,
  quantity,
  productData: makeProduct({ id }),
});

function stored(key: string): unknown {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

describe('the cart count, before and after the cart’s store is here', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('counts the stored cart by the store’s own rule before the store is here', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Two lines of one product (merged), a line without a valid product (dropped).
    const cart = [line(1, 2), line(1, 3), { productId: 9, quantity: 4, productData: {} }];
    localStorage.setItem('cart', JSON.stringify(cart));
    const page = await freshPage();
    expect(page.madeCartStore()).toBeUndefined();
    expect(page.cartCount()).toBe(5);
    // The store says so when it reads the same lines; the count stays quiet.
    expect(warn).not.toHaveBeenCalled();
  });

  it('follows the store once it is here, and every change to it', async () => {
    localStorage.setItem('cart', JSON.stringify([line(1, 2)]));
    const page = await freshPage();
    expect(page.cartCount()).toBe(2);
    const seen = vi.fn();
    page.subscribeCartCount(seen);

    await page.loadCartStore();
    expect(page.madeCartStore()).toBeDefined();
    const { useCartStore } = await import('./store/cart-store');
    useCartStore.getState().addToCart(makeProduct({ id: 2 }), 3);
    expect(page.cartCount()).toBe(5);
    expect(seen).toHaveBeenCalled();
  });

  it('reads the count again when another tab wrote the cart before the store was here', async () => {
    const page = await freshPage();
    expect(page.cartCount()).toBe(0);
    localStorage.setItem('cart', JSON.stringify([line(3, 7)]));
    page.rereadCart();
    expect(page.cartCount()).toBe(7);
  });

  it('a wipe before the store is here shows an empty cart at once and empties storage', async () => {
    localStorage.setItem('cart', JSON.stringify([line(1, 4)]));
    localStorage.setItem('totalPriceBeforeTax', '40');
    localStorage.setItem('savings', '4');
    const page = await freshPage();
    expect(page.cartCount()).toBe(4);

    page.clearCart();
    expect(page.cartCount()).toBe(0);
    await vi.waitFor(() => expect(stored('cart')).toEqual([]));
    expect(stored('totalPriceBeforeTax')).toBe(0);
    expect(stored('savings')).toBe(0);
    expect(page.cartCount()).toBe(0);
  });
});
