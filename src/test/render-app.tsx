import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { routes } from '@/app/routes';
import type { Capabilities } from '@/platform/capabilities';

export const TEST_CATALOGUE_URL = 'http://catalogue.test';

/** The whole app at a route, with a fresh QueryClient (no retries) and the test catalogue. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const capabilities: Capabilities = {
    target: 'web',
    catalogueUrl: TEST_CATALOGUE_URL,
    bridge: null,
    kiosk: { idleResetSeconds: null, staffExit: false },
  };
  const view = render(
    <App capabilities={capabilities} router={router} queryClient={queryClient} />,
  );
  return { ...view, router };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
