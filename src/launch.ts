/**
 * The kiosk's launch script: a classic script right after the page's root, built apart from
 * the app (vite-plugins/launch-screen.mts), so it runs before the app's code has arrived and
 * paints the kept launch screen when this launch would render it
 * (src/app/first-screens/launch-screen.ts). Any failure leaves the root empty, and the app
 * renders as it always has.
 */
import { paintLaunchScreen } from './app/first-screens/paint-launch-screen';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

try {
  paintLaunchScreen(document, (window as { kiosk?: unknown }).kiosk ?? null, stored);
} catch {
  // The root stays empty: nothing half painted is left for React to take over.
  document.getElementById('root')?.replaceChildren();
}
