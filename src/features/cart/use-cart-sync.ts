import { useEffect } from 'react';
import { loadCartStore, rereadCart } from './cart-store-loader';
import { CART_STORAGE_KEYS } from './store/stored-values';

const KEYS: readonly (string | null)[] = [...Object.values(CART_STORAGE_KEYS), null];

/**
 * Two tabs of the web shop agree: another tab's write to a cart key re-reads the cart. And
 * the cart's store is asked for once the first screen is up: as it is made it reads the
 * cart keys and writes them back well-formed (a missing or corrupt key gets its value).
 */
export function useCartSync(): void {
  useEffect(() => {
    // Offline before it was ever downloaded: the pages that change the cart bring it.
    loadCartStore().catch(() => undefined);
    const onStorage = (event: StorageEvent) => {
      // A null key means the other tab cleared all storage.
      if (KEYS.includes(event.key)) rereadCart();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
