import { act, render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type To } from 'react-router';
import { App } from '@/app/app';
import { lazyPages } from '@/app/routes';
import { useShopperSession } from '@/app/session/use-shopper-session';
import type { CatalogueFreshnessProps } from '@/features/catalogue/freshness/catalogue-freshness';
import type { KioskBehavioursProps } from '@/features/kiosk/kiosk-behaviours';
import { ALL_LANGUAGES, type Capabilities } from '@/platform/capabilities';

export const TEST_CATALOGUE_URL = 'http://catalogue.test';

/** The web shop on the test catalogue: no bridge, no kiosk behaviours. */
export const TEST_CAPABILITIES: Capabilities = {
  target: 'web',
  catalogueUrl: TEST_CATALOGUE_URL,
  bridge: null,
  languages: ALL_LANGUAGES,
  kiosk: {
    idleReset: null,
    staffExit: false,
    onScreenKeyboard: false,
    accessibilityMode: false,
    catalogueMaxAgeMinutes: null,
    keypadNavigation: false,
    speech: null,
  },
};

/** What a test can do with the app's router: follow a link by code, and see where it is. */
export interface TestRouter {
  navigate: (to: To) => Promise<void>;
  location: Location;
}

interface RenderAppOptions {
  /** The web shop on the test catalogue unless told otherwise. */
  capabilities?: Capabilities;
  /** The kiosk's behaviours (none on the web). */
  KioskBehaviours?: ComponentType<KioskBehavioursProps>;
  /** The kiosk's catalogue refresh between shoppers (none on the web). */
  CatalogueFreshness?: ComponentType<CatalogueFreshnessProps>;
}

/**
 * The whole app at a route, in a memory router the test can drive, with the test catalogue.
 * Resolves once the page's code is in (pages load lazily), before any of its data is.
 */
export async function renderApp(
  path: string,
  { capabilities = TEST_CAPABILITIES, KioskBehaviours, CatalogueFreshness }: RenderAppOptions = {},
) {
  const router = {} as TestRouter;
  function RouterProbe() {
    const navigate = useNavigate();
    router.location = useLocation();
    router.navigate = async (to) => {
      await act(async () => {
        await navigate(to);
      });
    };
    return null;
  }
  function TestRouter({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe />
        {children}
      </MemoryRouter>
    );
  }
  const view = render(
    <App
      capabilities={capabilities}
      Router={TestRouter}
      KioskBehaviours={KioskBehaviours}
      CatalogueFreshness={CatalogueFreshness}
      // The kiosk's shopper sessions for a kiosk, as its build has them (app.tsx BUILD_SESSION).
      useSession={capabilities.target === 'kiosk' ? useShopperSession : undefined}
    />,
  );
  await act(async () => {
    await Promise.all(lazyPages.map((page) => page.preload()));
  });
  return { ...view, router };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
