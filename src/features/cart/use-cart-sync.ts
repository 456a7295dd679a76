import { useEffect } from 'react';
import { useCartStore } from './store/cart-store';
import { CART_STORAGE_KEYS } from './store/stored-values';

const KEYS: readonly (string | null)[] = [...Object.values(CART_STORAGE_KEYS), null];

/** Two tabs of the web shop agree: another tab's write to a cart key re-reads the cart. */
export function useCartSync(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // A null key means the other tab cleared all storage.
      if (KEYS.includes(event.key)) void useCartStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
