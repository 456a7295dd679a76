import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { readJson, removeKey, writeRaw } from '@web-shared/lib/browser-storage';
import { toCents, toDollars } from '@web-shared/lib/money';
import type { CartLine } from '../cart-rules';
import { CART_STORAGE_KEYS, parseStoredAmount, parseStoredCart } from './stored-values';

/** The persisted part of the cart (money in cents inside, dollars in storage). */
export interface PersistedCart {
  cart: CartLine[];
  savingsCents: number;
  subtotalCents: number;
}

/**
 * A zustand PersistStorage that spreads the cart over three of the spec's keys (`cart`,
 * `savings`, `totalPriceBeforeTax`) instead of one blob, so a cart written by the original
 * shop carries over. Each key is read and validated on its own: a corrupt key falls back to
 * its default and leaves the others alone. Writes skip unchanged keys.
 */
export function createCartStorage(): PersistStorage<PersistedCart> {
  const written = new Map<string, unknown>();

  const writeIfChanged = (key: string, marker: unknown, serialize: () => string): void => {
    if (written.has(key) && Object.is(written.get(key), marker)) return;
    written.set(key, marker);
    writeRaw(key, serialize());
  };

  return {
    getItem: (): StorageValue<PersistedCart> => {
      written.clear();
      return {
        version: 0,
        state: {
          cart: parseStoredCart(readJson(CART_STORAGE_KEYS.cart)),
          savingsCents: toCents(parseStoredAmount(readJson(CART_STORAGE_KEYS.savings))),
          subtotalCents: toCents(
            parseStoredAmount(readJson(CART_STORAGE_KEYS.totalPriceBeforeTax)),
          ),
        },
      };
    },
    setItem: (_name, { state }) => {
      writeIfChanged(CART_STORAGE_KEYS.cart, state.cart, () => JSON.stringify(state.cart));
      writeIfChanged(CART_STORAGE_KEYS.savings, state.savingsCents, () =>
        JSON.stringify(toDollars(state.savingsCents)),
      );
      writeIfChanged(CART_STORAGE_KEYS.totalPriceBeforeTax, state.subtotalCents, () =>
        JSON.stringify(toDollars(state.subtotalCents)),
      );
    },
    removeItem: () => {
      written.clear();
      for (const key of Object.values(CART_STORAGE_KEYS)) removeKey(key);
    },
  };
}
