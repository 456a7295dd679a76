/**
 * The kiosk's launch screen's painter, which the launch script (src/launch.ts) has the parser
 * run when a screen was kept for this launch: it paints that screen into the root when
 * everything of it holds (src/app/first-screens/paint-launch-screen.ts). Any failure leaves
 * the root empty, and the app renders as it always has.
 */
import { readRaw } from '@web-shared/lib/browser-storage';
import { paintLaunchScreen } from './app/first-screens/paint-launch-screen';

try {
  paintLaunchScreen(document, (window as { kiosk?: unknown }).kiosk ?? null, readRaw);
} catch {
  // The root stays empty: nothing half painted is left for React to take over.
  document.getElementById('root')?.replaceChildren();
}
