import type { ReactNode } from 'react';
import { getStorage } from '@web-shared/lib/browser-storage';
import { whenIdle } from '@/lib/when-idle';
import type { PageBridge } from '@/platform/capabilities';
import { storeClosed } from '@/platform/store-closed';
import { PAINTED_MARK, TOUCHED } from './launch-marks';

/** When, after the launch, the screen is kept: then at the next idle moment. */
const KEEP_AFTER_MS = 1500;

/**
 * Keeps this launch's screen for the next (launch-screen.ts) once the app has rendered it:
 * at an idle moment after the launch, unless somebody has touched the kiosk since it
 * launched (the launch script marks the page TOUCHED, paint-launch-screen.ts) or the store
 * has closed meanwhile, and not for a key refused. The keeping is a chunk of its own, and
 * React's server renderer another, loaded only when the kept screen's key is not this
 * launch's: the first download carries none of it. `app` makes the app as main.tsx renders
 * it at launch.
 */
export function keepLaunchScreenWhenIdle(app: () => ReactNode, bridge: PageBridge | null): void {
  const asLaunched = (): boolean =>
    document.documentElement.dataset[PAINTED_MARK] !== TOUCHED && !storeClosed(bridge).current();
  setTimeout(() => {
    whenIdle(() => {
      if (!asLaunched()) return;
      import('./keep-launch-screen')
        .then(({ keepLaunchScreen }) =>
          keepLaunchScreen({
            doc: document,
            bridge,
            storage: getStorage(),
            app: app(),
            untouched: asLaunched,
          }),
        )
        .catch(() => undefined);
    });
  }, KEEP_AFTER_MS);
}
