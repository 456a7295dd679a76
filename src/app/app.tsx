import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Announcer } from '@/components/ui/announcer';
import type { Capabilities } from '@/platform/capabilities';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { useCartStore } from '@/features/cart/store/cart-store';
import { useCartSync } from '@/features/cart/use-cart-sync';
import { useProductsCache } from '@/features/catalogue/use-products';
import { forgetReceipt } from '@/features/checkout/last-receipt';
import { KioskBehaviours } from '@/features/kiosk/kiosk-behaviours';
import type { ShopRouter } from './create-router';

interface AppProps {
  capabilities: Capabilities;
  /** A fresh router: one per shopper session (the kiosk's wipe starts a new history). */
  createRouter: () => ShopRouter;
  queryClient: QueryClient;
}

/** Keeps the stored keys well-formed and this tab in step with the shop's other tabs. */
function StorageSync() {
  useCartSync();
  useProductsCache();
  return null;
}

export function App({ capabilities, createRouter, queryClient }: AppProps) {
  const [session, setSession] = useState(() => ({ id: 0, router: createRouter() }));
  const [attract, setAttract] = useState(false);

  /**
   * The kiosk's idle wipe. The next shopper must find nothing of the last one: the cart,
   * its totals and the receipt go, and remounting the session (with a new router, so no
   * history either) drops every typed field, open dialog, keyboard and mode. The cached
   * catalogue stays.
   */
  const wipe = useCallback(() => {
    useCartStore.getState().clearCart();
    forgetReceipt();
    const router = createRouter();
    setSession((current) => ({ id: current.id + 1, router }));
    setAttract(true);
    window.scrollTo(0, 0);
  }, [createRouter]);

  return (
    <CapabilitiesProvider capabilities={capabilities}>
      <QueryClientProvider client={queryClient}>
        <StorageSync />
        <Announcer />
        <div key={session.id} className="contents">
          <div className="contents" inert={attract}>
            <RouterProvider router={session.router} />
          </div>
          <KioskBehaviours attract={attract} onAttractEnd={() => setAttract(false)} onWipe={wipe} />
        </div>
      </QueryClientProvider>
    </CapabilitiesProvider>
  );
}
