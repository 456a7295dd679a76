import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { routes } from './routes';

export type ShopRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The kiosk has no URL bar and loads from disk/app protocol: a memory router.
 * The web build gets real URLs, deep links and the back button.
 */
export function createRouter(target: 'kiosk' | 'web'): ShopRouter {
  return target === 'kiosk'
    ? createMemoryRouter(routes, { initialEntries: ['/'] })
    : createBrowserRouter(routes);
}
