import { create, type StoreApi } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Product } from '@shared/product-rule';
import { addLine, removeLine, setLineQuantity } from '../cart-lines';
import type { CartLine } from '../cart-rules';
import { cartStoreMade } from '../cart-count';
import { savingsFor, subtotal } from '../pricing';
import { isValidVoucher } from '../vouchers';
import { createCartStorage, type PersistedCart } from './cart-storage';

export interface CartState extends PersistedCart {
  addToCart: (product: Product, quantity: number) => void;
  setQuantity: (productId: number, quantity: number) => void;
  removeFromCart: (productId: number) => void;
  /** True when the code is valid; an invalid code changes nothing (spec §5). */
  applyVoucher: (code: string) => boolean;
  /** Checkout and the kiosk idle reset: empty cart, subtotal and savings 0, also in storage. */
  clearCart: () => void;
}

function persistedPart(state: PersistedCart): PersistedCart {
  const { cart, savingsCents, subtotalCents } = state;
  return { cart, savingsCents, subtotalCents };
}

const storage = createCartStorage();

/** Subtotal and savings always follow the cart, so totals are right after any change. */
function withTotals(cart: CartLine[]): PersistedCart {
  const subtotalCents = subtotal(cart);
  return { cart, subtotalCents, savingsCents: savingsFor(subtotalCents) };
}

/** The store behind the hook, as its state creator is handed it. */
let cartApi: StoreApi<CartState> | undefined;

/** The cart and its totals: the shopper's session, persisted to three of the spec's keys. */
export const useCartStore = create<CartState>()(
  persist(
    (set, get, api) => {
      cartApi = api;
      return {
        cart: [],
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
        clearCart: () => set({ cart: [], subtotalCents: 0, savingsCents: 0 }),
      };
    },
    {
      name: 'cart',
      storage,
      partialize: (state) => persistedPart(state),
      // Write back what was read, normalized: a missing or corrupt key gets its right value.
      onRehydrateStorage: () => (state) => {
        if (state) void storage.setItem('cart', { state: persistedPart(state), version: 0 });
      },
      // Stored totals are only a cache of the cart: recompute them so they are always right.
      merge: (persisted, current) => ({
        ...current,
        ...withTotals((persisted as PersistedCart).cart),
      }),
    },
  ),
);

/**
 * What React reads as the page's HTML was written from (the server snapshot, while it takes a
 * page over, and while a page renders itself to be kept): the stored cart, as the store read
 * it. Zustand's default is the store's state before it read storage, an empty cart, which a
 * page written with the visit's cart in it would not match.
 */
if (cartApi) cartApi.getInitialState = cartApi.getState;

// The header's badge counts from storage until the store is here (../cart-count.ts, ../cart-store-loader.ts).
cartStoreMade(useCartStore);
