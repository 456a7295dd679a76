import { useEffect } from 'react';
import { isShopStorageEvent } from '@/features/cart/store/four-key-storage';
import { useShopStore } from '@/features/cart/store/shop-store';

/** Two tabs of the web shop agree: another tab's write re-reads the stored state. */
export function useCrossTabSync(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (isShopStorageEvent(event)) void useShopStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
