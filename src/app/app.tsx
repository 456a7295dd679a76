import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { RouterProvider } from 'react-router';
import type { Capabilities } from '@/platform/capabilities';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { useCartStore } from '@/features/cart/store/cart-store';
import { useCartSync } from '@/features/cart/use-cart-sync';
import { useProductsCache } from '@/features/catalogue/use-products';
import { forgetReceipt } from '@/features/checkout/last-receipt';
import { KioskBehaviours } from '@/features/kiosk/kiosk-behaviours';
import type { createRouter } from './create-router';

interface AppProps {
  capabilities: Capabilities;
  router: ReturnType<typeof createRouter>;
  queryClient: QueryClient;
}

/** Keeps this tab's cart and catalogue in step with other tabs of the web shop. */
function StorageSync() {
  useCartSync();
  useProductsCache();
  return null;
}

export function App({ capabilities, router, queryClient }: AppProps) {
  const hasSession = useCallback(
    () => useCartStore.getState().cart.length > 0 || router.state.location.pathname !== '/',
    [router],
  );
  // A shopper's session is the cart and the last receipt; the catalogue cache stays.
  const startOver = useCallback(() => {
    useCartStore.getState().clearCart();
    forgetReceipt();
    void router.navigate('/');
  }, [router]);
  return (
    <CapabilitiesProvider capabilities={capabilities}>
      <QueryClientProvider client={queryClient}>
        <StorageSync />
        <RouterProvider router={router} />
        <KioskBehaviours hasSession={hasSession} onStartOver={startOver} />
      </QueryClientProvider>
    </CapabilitiesProvider>
  );
}
