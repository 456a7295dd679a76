/**
 * The cart's store for the first screen, which does not carry it: its code is a chunk of its
 * own, shared with the pages that change the cart, asked for once the first screen is up
 * (use-cart-sync.ts). What the first screen does to the cart works with or without it.
 */
import { madeCartStore, setStoredCount, type MadeCartStore } from './cart-count';

let loading: Promise<MadeCartStore> | undefined;

/** A failed download (offline before it was ever here) is tried again next time. */
export function loadCartStore(): Promise<MadeCartStore> {
  loading ??= import('./store/cart-store').then(
    (module) => module.useCartStore,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Another tab wrote a cart key: the store reads the cart again, or the count does. */
export function rereadCart(): void {
  const store = madeCartStore();
  if (store) void store.persist.rehydrate();
  else setStoredCount(undefined);
}

/** Empty cart, subtotal and savings 0, also in storage (the wipe between shoppers). */
export function clearCart(): void {
  const store = madeCartStore();
  if (store) {
    store.getState().clearCart();
    return;
  }
  // The badge shows the empty cart at once; the store, once here, empties storage too.
  setStoredCount(0);
  loadCartStore().then(
    (made) => made.getState().clearCart(),
    (error: unknown) => console.warn('[cart] the stored cart could not be emptied', error),
  );
}
