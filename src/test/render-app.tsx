import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import { PlatformProvider } from '@/platform/platform-context';

export const TEST_CATALOGUE_URL = 'http://catalogue.test';

/** The whole app at a route, with a fresh QueryClient (no retries) and the test catalogue. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const platform = {
    target: 'web' as const,
    bridge: null,
    config: { catalogueUrl: TEST_CATALOGUE_URL, mode: 'windowed' as const, idleTimeoutSeconds: 0 },
  };
  const view = render(
    <PlatformProvider platform={platform}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PlatformProvider>,
  );
  return { ...view, router };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
