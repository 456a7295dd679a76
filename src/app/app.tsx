import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useRoutes } from 'react-router';
import { Announcer } from '@/components/ui/announcer';
import { ShopNavigationProvider } from '@/components/ui/shop-link';
import type { Capabilities } from '@/platform/capabilities';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { useCartStore } from '@/features/cart/store/cart-store';
import { useCartSync } from '@/features/cart/use-cart-sync';
import { ensureProductsKey } from '@/features/catalogue/products-cache';
import { forgetReceipt } from '@/features/checkout/last-receipt';
import { whenIdle } from '@/lib/when-idle';
import {
  CatalogueCacheProvider,
  createCatalogueCache,
  type CatalogueCache,
} from './catalogue-cache';
import { PageBoundary } from './layout/page-boundary';
import { lazyPages, routes } from './routes';
import type { ShopRouter } from './shop-router';

/**
 * Only the kiosk renderer build has this code. The target is a literal in each build, so
 * the web build drops the import and its shoppers never download kiosk behaviours (the
 * bundler folds this comparison, not one imported from the capabilities module).
 */
const KioskBehaviours =
  __SHOP_TARGET__ === 'kiosk'
    ? lazy(() =>
        import('@/features/kiosk/kiosk-behaviours').then((m) => ({ default: m.KioskBehaviours })),
      )
    : null;

interface AppProps {
  capabilities: Capabilities;
  /** Which router holds the URL (routerFor: memory in the kiosk, browser on the web). */
  Router: ShopRouter;
  /** The visit's catalogue cache (main.tsx shares it with a deep link's early download). */
  catalogue?: CatalogueCache;
}

/** Keeps the stored keys well-formed and this tab in step with the shop's other tabs. */
function StorageSync() {
  useCartSync();
  useEffect(ensureProductsKey, []);
  return null;
}

/** Once the first screen is up and the shop is idle, fetch the other pages' code. */
function useWarmUpPages() {
  useEffect(
    () => whenIdle(() => void Promise.allSettled(lazyPages.map((page) => page.preload())), 3000),
    [],
  );
}

function ShopRoutes() {
  return useRoutes(routes);
}

export function App({ capabilities, Router, catalogue: given }: AppProps) {
  const [catalogue] = useState(() => given ?? createCatalogueCache());
  const [session, setSession] = useState(0);
  const [attract, setAttract] = useState(false);
  const shop = useRef<HTMLDivElement>(null);
  useWarmUpPages();

  // The attract screen covers the shop: nothing under it is focusable or announced.
  useEffect(() => {
    if (shop.current) shop.current.inert = attract;
  }, [attract, session]);

  /**
   * The kiosk's idle wipe. The next shopper must find nothing of the last one: the cart,
   * its totals and the receipt go, and remounting the session (with a new router, so no
   * history either) drops every typed field, open dialog, keyboard and mode. The cached
   * catalogue stays.
   */
  const wipe = useCallback(() => {
    useCartStore.getState().clearCart();
    forgetReceipt();
    setSession((current) => current + 1);
    setAttract(true);
    window.scrollTo(0, 0);
  }, []);

  return (
    <CapabilitiesProvider capabilities={capabilities}>
      <CatalogueCacheProvider value={catalogue}>
        <StorageSync />
        <Announcer />
        <div key={session} className="contents">
          <div ref={shop} className="contents">
            <Router>
              <ShopNavigationProvider>
                <PageBoundary resetKey={String(session)}>
                  <ShopRoutes />
                </PageBoundary>
              </ShopNavigationProvider>
            </Router>
          </div>
          {KioskBehaviours && (
            <Suspense fallback={null}>
              <KioskBehaviours
                attract={attract}
                onAttractEnd={() => setAttract(false)}
                onWipe={wipe}
              />
            </Suspense>
          )}
        </div>
      </CatalogueCacheProvider>
    </CapabilitiesProvider>
  );
}
