import type { ReactNode } from 'react';
import { whenIdle } from '@/lib/when-idle';

/**
 * The web build works offline after one visit (src/service-worker). Registered once the
 * page has loaded and then has a moment to spare, so it never competes with the first
 * paint: its install downloads every file of the build again, and on a deep link the
 * 'load' event comes before the page's own chunks have run (a trace of a cold /products
 * had that download, 15 requests, on the same connections as the page's chunks).
 * Once it is registered, the visit's screens are kept for its next (keep-visit-screens.ts):
 * `app` makes the app as main.tsx renders it at start.
 */
export function registerServiceWorker(app: () => ReactNode): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    whenIdle(() => {
      navigator.serviceWorker
        .register(`${import.meta.env.BASE_URL}sw.js`)
        .then(() => import('./first-screens/keep-visit-screens'))
        .then(({ keepVisitScreens }) => keepVisitScreens({ app }))
        .catch((error: unknown) => {
          console.warn('[offline] the service worker did not register', error);
        });
    }, 5000);
  };
  // The products page's early cards start the app late: its 'load' may be over by then.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
