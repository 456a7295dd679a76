import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Product } from '@/features/catalogue/api/product-schema';
import { addLine, removeLine, setLineQuantity, type CartLine } from '../cart-rules';
import { savingsFor, subtotal } from '../pricing';
import { isValidVoucher } from '../vouchers';
import { createFourKeyStorage, type PersistedShopState } from './four-key-storage';

export interface ShopState extends PersistedShopState {
  addToCart: (product: Product, quantity: number) => void;
  setQuantity: (productId: number, quantity: number) => void;
  removeFromCart: (productId: number) => void;
  /** True when the code is valid; an invalid code changes nothing (spec §5). */
  applyVoucher: (code: string) => boolean;
  setProducts: (products: Product[]) => void;
  /** Checkout and the kiosk idle reset: empty cart, subtotal and savings 0, also in storage. */
  clearCart: () => void;
}

/** Subtotal and savings always follow the cart, so totals are right after any change. */
function persistedPart(state: PersistedShopState): PersistedShopState {
  const { cart, products, savingsCents, subtotalCents } = state;
  return { cart, products, savingsCents, subtotalCents };
}

const storage = createFourKeyStorage();

function withTotals(cart: CartLine[]): Pick<ShopState, 'cart' | 'subtotalCents' | 'savingsCents'> {
  const subtotalCents = subtotal(cart);
  return { cart, subtotalCents, savingsCents: savingsFor(subtotalCents) };
}

export const useShopStore = create<ShopState>()(
  persist(
    (set, get) => ({
      cart: [],
      products: [],
      savingsCents: 0,
      subtotalCents: 0,
      addToCart: (product, quantity) => set(withTotals(addLine(get().cart, product, quantity))),
      setQuantity: (productId, quantity) =>
        set(withTotals(setLineQuantity(get().cart, productId, quantity))),
      removeFromCart: (productId) => set(withTotals(removeLine(get().cart, productId))),
      applyVoucher: (code) => {
        if (!isValidVoucher(code)) return false;
        set({ savingsCents: savingsFor(get().subtotalCents) });
        return true;
      },
      setProducts: (products) => set({ products }),
      clearCart: () => set({ cart: [], subtotalCents: 0, savingsCents: 0 }),
    }),
    {
      name: 'shop',
      storage,
      partialize: (state) => persistedPart(state),
      // Write back what was read, normalized: a missing or corrupt key gets its right value.
      onRehydrateStorage: () => (state) => {
        if (state) void storage.setItem('shop', { state: persistedPart(state), version: 0 });
      },
      // Stored totals are only a cache of the cart: recompute them so they are always right.
      merge: (persisted, current) => {
        const stored = persisted as PersistedShopState;
        return { ...current, products: stored.products, ...withTotals(stored.cart) };
      },
    },
  ),
);
