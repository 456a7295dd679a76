/**
 * The web build works offline after one visit (src/service-worker). Registered once the
 * page has loaded, so it never competes with the first paint.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch((error: unknown) => {
      console.warn('[offline] the service worker did not register', error);
    });
  });
}
