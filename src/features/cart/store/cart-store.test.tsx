import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { useCartStore } from './cart-store';

const shirt = makeProduct({ id: 1, price: 109.95 });
const ring = makeProduct({ id: 2, price: 22.3, category: 'jewelery' });

function stored(key: string): unknown {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

async function reload(): Promise<void> {
  await useCartStore.persist.rehydrate();
}

describe('cart store', () => {
  beforeEach(async () => {
    localStorage.clear();
    await reload();
    useCartStore.getState().clearCart();
  });

  it('persists the cart to its three spec keys with the original formats', () => {
    useCartStore.getState().addToCart(shirt, 2);
    expect(Object.keys(localStorage).sort()).toEqual(['cart', 'savings', 'totalPriceBeforeTax']);
    expect(stored('cart')).toEqual([{ productId: 1, quantity: 2, productData: shirt }]);
    expect(stored('totalPriceBeforeTax')).toBe(219.9);
    expect(stored('savings')).toBe(21.99);
  });

  it('recomputes savings whenever line totals change', () => {
    const store = useCartStore.getState();
    store.addToCart(shirt, 1);
    store.addToCart(ring, 1);
    store.setQuantity(2, 3);
    expect(useCartStore.getState().subtotalCents).toBe(10995 + 6690);
    expect(useCartStore.getState().savingsCents).toBe(1769);
    store.removeFromCart(1);
    store.removeFromCart(2);
    expect(useCartStore.getState()).toMatchObject({ cart: [], subtotalCents: 0, savingsCents: 0 });
    expect(stored('savings')).toBe(0);
    expect(stored('totalPriceBeforeTax')).toBe(0);
  });

  it('a valid voucher sets savings to the same 10%; an invalid one changes nothing', () => {
    const store = useCartStore.getState();
    store.addToCart(shirt, 1);
    expect(store.applyVoucher('shopmax')).toBe(false);
    expect(store.applyVoucher('SHOPMAX')).toBe(true);
    expect(store.applyVoucher('ESHOP10')).toBe(true);
    expect(useCartStore.getState().savingsCents).toBe(1100);
  });

  it('completing a purchase clears the cart and zeroes subtotal and savings in storage', () => {
    useCartStore.getState().addToCart(shirt, 1);
    useCartStore.getState().clearCart();
    expect(stored('cart')).toEqual([]);
    expect(stored('savings')).toBe(0);
    expect(stored('totalPriceBeforeTax')).toBe(0);
  });

  it('restores a cart written by the original shop and recomputes its totals', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([{ productId: 2, quantity: 2, productData: ring }]),
    );
    localStorage.setItem('savings', '999');
    localStorage.setItem('totalPriceBeforeTax', '5');
    await reload();
    const state = useCartStore.getState();
    expect(state.cart).toEqual([{ productId: 2, quantity: 2, productData: ring }]);
    expect(state.subtotalCents).toBe(4460);
    expect(state.savingsCents).toBe(446);
  });

  it.each(['cart', 'savings', 'totalPriceBeforeTax'])(
    'a corrupt "%s" key falls back to its default and keeps the other keys',
    async (corrupt) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      localStorage.setItem(
        'cart',
        JSON.stringify([{ productId: 1, quantity: 1, productData: shirt }]),
      );
      localStorage.setItem('savings', '11');
      localStorage.setItem('totalPriceBeforeTax', '109.95');
      localStorage.setItem(corrupt, '{not json');
      await reload();
      const state = useCartStore.getState();
      expect(state.cart).toHaveLength(corrupt === 'cart' ? 0 : 1);
      expect(state.subtotalCents).toBe(corrupt === 'cart' ? 0 : 10995);
      warn.mockRestore();
    },
  );

  it('drops invalid cart lines and repairs odd quantities', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { productId: 1, quantity: 'lots', productData: shirt },
        { productId: 9, quantity: 1, productData: { title: 'no id or price' } },
        { productId: 2, quantity: -3, productData: ring },
        { productId: 2, quantity: 2, productData: ring },
        null,
      ]),
    );
    await reload();
    expect(useCartStore.getState().cart.map((l) => [l.productId, l.quantity])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    warn.mockRestore();
  });

  it('keeps working from memory when storage refuses writes', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    useCartStore.getState().addToCart(shirt, 1);
    expect(useCartStore.getState().cart).toHaveLength(1);
    expect(useCartStore.getState().subtotalCents).toBe(10995);
    setItem.mockRestore();
    warn.mockRestore();
  });

  it('renders a page’s HTML, and has React take one over, with the cart as stored, not empty', () => {
    useCartStore.getState().addToCart(shirt, 3);
    function Count() {
      return <p>{useCartStore((state) => state.cart.length)} lines</p>;
    }
    // React reads the server snapshot in a server render and while it takes a page over.
    expect(renderToString(<Count />)).toBe('<p>1<!-- --> lines</p>');
  });
});

describe('cart store start-up', () => {
  it('writes normalized totals for a stored cart that came without them', async () => {
    localStorage.clear();
    localStorage.setItem(
      'cart',
      JSON.stringify([{ productId: 2, quantity: 1, productData: ring }]),
    );
    localStorage.setItem('savings', '"lots"');
    await useCartStore.persist.rehydrate();
    expect(stored('totalPriceBeforeTax')).toBe(22.3);
    expect(stored('savings')).toBe(2.23);
  });
});
