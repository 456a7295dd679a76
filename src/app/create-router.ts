import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { routes } from './routes';

/**
 * The kiosk has no URL bar and loads from disk/app protocol: a memory router.
 * The web build gets real URLs, deep links and the back button.
 */
export function createRouter(target: 'kiosk' | 'web') {
  return target === 'kiosk'
    ? createMemoryRouter(routes, { initialEntries: ['/'] })
    : createBrowserRouter(routes);
}
