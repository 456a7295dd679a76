/**
 * The cart's item count for the header's badge, on every screen from the first render. The
 * cart's store (zustand, its storage and every rule that changes the cart) is not in the
 * first download (./cart-store-loader.ts brings it): until it is here the count is read from
 * the spec's `cart` key by the store's own rule (parseStoredCart), so the badge is right from
 * the first render; the store, as it is made, hands itself over (cart-store.ts), and from then
 * on the count is the store's.
 */
import { useSyncExternalStore } from 'react';
import { readJson } from '@web-shared/lib/browser-storage';
import { totalQuantity, type CartLine } from './cart-rules';
import { CART_STORAGE_KEYS, parseStoredCart } from './store/stored-values';

/** What this needs of the cart's store (useCartStore; named here, not imported: no cycle). */
export interface MadeCartStore {
  getState: () => { cart: CartLine[]; clearCart: () => void };
  subscribe: (listener: () => void) => () => void;
  persist: { rehydrate: () => Promise<void> | void };
}

let store: MadeCartStore | undefined;
/** The count in storage, before the store is here; read when first asked. */
let stored: number | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function cartCount(): number {
  if (store) return totalQuantity(store.getState().cart);
  // Quietly: the store says so when it reads the same lines.
  stored ??= totalQuantity(parseStoredCart(readJson(CART_STORAGE_KEYS.cart), { quiet: true }));
  return stored;
}

export function subscribeCartCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cart's item count, for a component: it renders again when the count changes. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeCartCount, cartCount, cartCount);
}

/** Called by cart-store.ts as the store is made: the count follows it from then on. */
export function cartStoreMade(made: MadeCartStore): void {
  store = made;
  made.subscribe(notify);
  notify();
}

/** The store, once it is made. */
export function madeCartStore(): MadeCartStore | undefined {
  return store;
}

/** Before the store is here: the count is `count`, or read from storage again (undefined). */
export function setStoredCount(count: number | undefined): void {
  stored = count;
  notify();
}
