import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { useLocation, useRoutes } from 'react-router';
import { Announcer } from '@web-shared/ui/announcer';
import { ShopNavigationProvider } from '@/components/ui/shop-link';
import type { Capabilities } from '@/platform/capabilities';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { useCartSync } from '@/features/cart/use-cart-sync';
import { ensureProductsKey } from '@/features/catalogue/products-key';
import type { CatalogueFreshnessProps } from '@/features/catalogue/freshness/catalogue-freshness';
import type { KioskBehavioursProps } from '@/features/kiosk/kiosk-behaviours';
import { whenIdle } from '@/lib/when-idle';
import {
  CatalogueCacheProvider,
  createCatalogueCache,
  type CatalogueCache,
} from './catalogue-cache';
import { keepLaunchScreenWhenIdle } from './first-screens/keep-when-idle';
import { PageBoundary } from './layout/page-boundary';
import { PRODUCTS_PATH, rehearseProductsPage, routes, warmUpPages } from './routes';
import { useShopperSession, type ShopperSession } from './session/use-shopper-session';
import { KioskRouter, WebRouter, type ShopRouter } from './shop-router';

/**
 * Only the kiosk renderer build has this code. The target is a literal in each build, so
 * the web build drops the import and its shoppers never download kiosk behaviours (the
 * bundler folds this comparison, not one imported from the capabilities module).
 */
const KIOSK_BEHAVIOURS =
  __SHOP_TARGET__ === 'kiosk'
    ? lazy(() => import('./kiosk-parts').then((m) => ({ default: m.KioskWithCart })))
    : null;

/** Kiosk only, like its behaviours: the web build keeps spec §7 and never refreshes. */
const CATALOGUE_FRESHNESS =
  __SHOP_TARGET__ === 'kiosk'
    ? lazy(() =>
        import('@/features/catalogue/freshness/catalogue-freshness').then((m) => ({
          default: m.CatalogueFreshness,
        })),
      )
    : null;

/**
 * This build's router: memory in the kiosk, browser on the web. Chosen by the literal, like
 * the kiosk behaviours above, so each build carries only its own (the web build no memory
 * router, 0.6 KB gzip; the kiosk no browser router and history, 0.8 KB).
 */
export const BUILD_ROUTER: ShopRouter = __SHOP_TARGET__ === 'kiosk' ? KioskRouter : WebRouter;

/** The web shop's one session for the whole visit: no shopper after shopper, nothing wiped. */
const ONE_SESSION: ShopperSession = {
  key: 0,
  attract: false,
  endAttract: () => undefined,
  wipe: () => undefined,
};

/**
 * This build's shopper sessions: the kiosk's end with a wipe between strangers
 * (session/shopper-session.ts); the web shop has one. A literal, like the router, so the
 * web build carries none of the wipe's code.
 */
export const BUILD_SESSION: () => ShopperSession =
  __SHOP_TARGET__ === 'kiosk' ? useShopperSession : () => ONE_SESSION;

/**
 * The kiosk keeps its launch screen for its next launch (first-screens/launch-screen.ts);
 * the web build writes its first screens at build time instead. A literal, so the web build
 * carries none of the keeping, nor the server renderer it loads.
 */
/** Whether this is the web build: a literal, so the kiosk build carries none of its start. */
export const WEB_BUILD = __SHOP_TARGET__ === 'web';

export const KEEP_LAUNCH_SCREEN: typeof keepLaunchScreenWhenIdle | null =
  __SHOP_TARGET__ === 'kiosk' ? keepLaunchScreenWhenIdle : null;

interface AppProps {
  capabilities: Capabilities;
  /** Which router holds the URL (BUILD_ROUTER: memory in the kiosk, browser on the web). */
  Router: ShopRouter;
  /** The visit's catalogue cache (main.tsx shares it with a deep link's early download). */
  catalogue?: CatalogueCache;
  /** What only a kiosk does: the kiosk build's own chunk, none on the web (tests hand it in). */
  KioskBehaviours?: ComponentType<KioskBehavioursProps> | null;
  /** The kiosk's catalogue refresh between shoppers: none on the web (tests hand it in). */
  CatalogueFreshness?: ComponentType<CatalogueFreshnessProps> | null;
  /** The shopper's session (BUILD_SESSION; tests of the kiosk hand in the kiosk's). */
  useSession?: () => ShopperSession;
}

/** Keeps the stored keys well-formed and this tab in step with the shop's other tabs. */
function StorageSync() {
  useCartSync();
  useEffect(ensureProductsKey, []);
  return null;
}

/**
 * Once the first screen is up and the shop is idle: the other pages' code, the cached
 * catalogue, then a rehearsal of the products page, unless it is the page shown (it is warm
 * then) or it would not show cards (with nothing cached it would ask the catalogue).
 */
function useWarmUpPages(
  capabilities: Capabilities,
  catalogue: CatalogueCache,
  shownPathRef: RefObject<string>,
) {
  useEffect(() => {
    let stopped = false;
    let stopRehearsal: (() => void) | undefined;
    const cancelIdle = whenIdle(() => {
      void warmUpPages(capabilities.catalogueUrl, catalogue).then((productsReady) => {
        if (stopped || !productsReady || shownPathRef.current === PRODUCTS_PATH) return;
        stopRehearsal = rehearseProductsPage((page) => (
          <CapabilitiesProvider capabilities={capabilities}>
            <CatalogueCacheProvider value={catalogue}>{page}</CatalogueCacheProvider>
          </CapabilitiesProvider>
        ));
      });
    }, 3000);
    return () => {
      stopped = true;
      cancelIdle();
      stopRehearsal?.();
    };
  }, [capabilities, catalogue, shownPathRef]);
}

/** Keeps `intoRef` on the path the router shows: the app's warm-up sits outside the router. */
function ShownPath({ intoRef }: { intoRef: RefObject<string> }) {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    intoRef.current = pathname;
  }, [intoRef, pathname]);
  return null;
}

function ShopRoutes() {
  return useRoutes(routes);
}

export function App({
  capabilities,
  Router,
  catalogue: given,
  KioskBehaviours = KIOSK_BEHAVIOURS,
  CatalogueFreshness = CATALOGUE_FRESHNESS,
  useSession = BUILD_SESSION,
}: AppProps) {
  const [catalogue] = useState(() => given ?? createCatalogueCache());
  const session = useSession();
  const shop = useRef<HTMLDivElement>(null);
  const shownPathRef = useRef('/');
  useWarmUpPages(capabilities, catalogue, shownPathRef);

  // The attract screen covers the shop: nothing under it is focusable or announced.
  useEffect(() => {
    if (shop.current) shop.current.inert = session.attract;
  }, [session.attract, session.key]);

  // Everything under the session's key is the shopper's (session/shopper-session.ts): a
  // wipe gives it a new key, so it all starts again, with a new router and no history.
  return (
    <CapabilitiesProvider capabilities={capabilities}>
      <CatalogueCacheProvider value={catalogue}>
        <StorageSync />
        {/* Outside the session's key: the shop's catalogue outlives every wipe. */}
        {CatalogueFreshness && (
          <Suspense fallback={null}>
            <CatalogueFreshness attract={session.attract} clientFor={catalogue.client} />
          </Suspense>
        )}
        <div key={session.key} className="contents">
          <Announcer />
          {/* The kiosk's behaviours share the shop's router (Escape goes back through it)
              but sit outside the part the attract screen makes inert. */}
          <Router>
            <ShownPath intoRef={shownPathRef} />
            <div ref={shop} className="contents">
              <ShopNavigationProvider>
                <PageBoundary resetKey={String(session.key)}>
                  <ShopRoutes />
                </PageBoundary>
              </ShopNavigationProvider>
            </div>
            {KioskBehaviours && (
              <Suspense fallback={null}>
                <KioskBehaviours
                  attract={session.attract}
                  onAttractEnd={session.endAttract}
                  onWipe={session.wipe}
                />
              </Suspense>
            )}
          </Router>
        </div>
      </CatalogueCacheProvider>
    </CapabilitiesProvider>
  );
}
