import type { ReactNode } from 'react';
import { getStorage } from '@web-shared/lib/browser-storage';
import { whenIdle } from '@/lib/when-idle';
import type { PageBridge } from '@/platform/capabilities';
import { storeClosed } from '@/platform/store-closed';
import { LAUNCH_SCREEN_KEY, launchKey, readLaunchScreen } from './launch-screen';

/** What counts as somebody at the kiosk: from then on, the screen is theirs, not the launch's. */
const INPUTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** When, after the launch, the screen is kept: then at the next idle moment. */
const KEEP_AFTER_MS = 1500;

function stored(key: string): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Keeps this launch's screen for the next (launch-screen.ts), at an idle moment after the
 * launch, unless somebody has touched the kiosk or the store has closed meanwhile. The server renderer's chunk is
 * loaded only when the kept screen's key is not this launch's. `app` makes the app as
 * main.tsx renders it at launch.
 */
export function keepLaunchScreenWhenIdle(app: () => ReactNode, bridge: PageBridge | null): void {
  let touched = false;
  const touch = (): void => {
    touched = true;
  };
  for (const type of INPUTS) {
    window.addEventListener(type, touch, { capture: true, passive: true, once: true });
  }
  const asLaunched = (): boolean => !touched && !storeClosed(bridge).current();
  setTimeout(() => {
    whenIdle(() => {
      const key = launchKey(document, bridge, stored);
      if (!asLaunched() || key === null) return;
      if (readLaunchScreen(stored(LAUNCH_SCREEN_KEY))?.key === key) return;
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
