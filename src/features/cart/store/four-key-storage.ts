import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { readJson, removeKey, writeRaw } from '@/lib/browser-storage';
import { toCents, toDollars } from '@/lib/money';
import type { Product } from '@/features/catalogue/api/product-schema';
import type { CartLine } from '../cart-rules';
import {
  ALL_STORAGE_KEYS,
  parseStoredAmount,
  parseStoredCart,
  parseStoredProducts,
  STORAGE_KEYS,
} from './stored-values';

/** The persisted part of the shop state (money in cents inside, dollars in storage). */
export interface PersistedShopState {
  cart: CartLine[];
  products: Product[];
  savingsCents: number;
  subtotalCents: number;
}

/**
 * A zustand PersistStorage that spreads the state over the spec's four keys instead of
 * one blob, so an existing browser's cart (written by the original shop) carries over.
 * Each key is read and validated on its own: a corrupt key falls back to its default
 * and leaves the others alone. Writes skip unchanged keys (the catalogue can be large).
 */
export function createFourKeyStorage(): PersistStorage<PersistedShopState> {
  const written = new Map<string, unknown>();

  const writeIfChanged = (key: string, marker: unknown, serialize: () => string): void => {
    if (written.has(key) && Object.is(written.get(key), marker)) return;
    written.set(key, marker);
    if (writeRaw(key, serialize())) return;
    if (key === STORAGE_KEYS.products) {
      // A catalogue too large for the quota: work from memory, and never leave a partial cache.
      removeKey(key);
    }
  };

  return {
    getItem: (): StorageValue<PersistedShopState> => {
      written.clear();
      const storedProducts = readJson(STORAGE_KEYS.products);
      const products = parseStoredProducts(storedProducts);
      // A readable catalogue cache is not written back on start (it can be megabytes).
      if (Array.isArray(storedProducts)) written.set(STORAGE_KEYS.products, products);
      return {
        version: 0,
        state: {
          cart: parseStoredCart(readJson(STORAGE_KEYS.cart)),
          products,
          savingsCents: toCents(parseStoredAmount(readJson(STORAGE_KEYS.savings))),
          subtotalCents: toCents(parseStoredAmount(readJson(STORAGE_KEYS.totalPriceBeforeTax))),
        },
      };
    },
    setItem: (_name, { state }) => {
      writeIfChanged(STORAGE_KEYS.cart, state.cart, () => JSON.stringify(state.cart));
      writeIfChanged(STORAGE_KEYS.products, state.products, () => JSON.stringify(state.products));
      writeIfChanged(STORAGE_KEYS.savings, state.savingsCents, () =>
        JSON.stringify(toDollars(state.savingsCents)),
      );
      writeIfChanged(STORAGE_KEYS.totalPriceBeforeTax, state.subtotalCents, () =>
        JSON.stringify(toDollars(state.subtotalCents)),
      );
    },
    removeItem: () => {
      written.clear();
      for (const key of ALL_STORAGE_KEYS) removeKey(key);
    },
  };
}

/** True when a `storage` event (another tab) touched one of the shop's keys. */
export function isShopStorageEvent(event: StorageEvent): boolean {
  return event.key === null || (ALL_STORAGE_KEYS as readonly string[]).includes(event.key);
}
