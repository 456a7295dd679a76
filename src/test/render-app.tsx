import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import type { ShopRouter } from '@/app/create-router';
import { routes } from '@/app/routes';
import type { Capabilities } from '@/platform/capabilities';

export const TEST_CATALOGUE_URL = 'http://catalogue.test';

/** The whole app at a route, with a fresh QueryClient (no retries) and the test catalogue. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routers: ShopRouter[] = [];
  const createRouter = () => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    routers.push(router);
    return router;
  };
  const capabilities: Capabilities = {
    target: 'web',
    catalogueUrl: TEST_CATALOGUE_URL,
    bridge: null,
    kiosk: { idleReset: null, staffExit: false, onScreenKeyboard: false, accessibilityMode: false },
  };
  const view = render(
    <App capabilities={capabilities} createRouter={createRouter} queryClient={queryClient} />,
  );
  const [router] = routers;
  if (!router) throw new Error('the app created no router');
  return { ...view, router };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
