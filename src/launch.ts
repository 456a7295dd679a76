/**
 * The kiosk's launch script: a classic script right after the page's root, built apart from
 * the app (vite-plugins/launch-screen.mts), so it runs before the app's code has arrived.
 * From its first moment it marks the page at anybody's first touch, so no screen of theirs
 * is kept as the launch's; when a screen was kept for this launch
 * (src/app/first-screens/launch-screen.ts), it has the painter (src/launch-paint.ts) paint it
 * before the app runs. Any failure paints nothing, and the app renders as it always has.
 */
import { readRaw } from '@web-shared/lib/browser-storage';
import { askForThePainter, watchForTouches } from './app/first-screens/launch-check';

try {
  watchForTouches(document);
  askForThePainter(
    document,
    document.currentScript,
    (window as { kiosk?: unknown }).kiosk ?? null,
    readRaw,
  );
} catch {
  // Nothing painted: the app renders as it always has.
}
