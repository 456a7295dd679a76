import type { KioskActivityBridge, KioskBridge, KioskScreen } from '@shared/bridge';

/**
 * The page's activity reports to the kiosk's main process: which screen a shopper sees, a
 * touch or key, a dialog, an idle wipe, a receipt. Main uses them for the fleet's health
 * and to choose the moments when a relaunch, an update or a catalogue refresh disturbs
 * nobody. Counts and states only, never what a shopper chose.
 *
 * Only the Electron preload offers them: in a browser, or the kiosk renderer opened from
 * disk, every report goes nowhere. A report never throws into the page.
 */
export interface ActivityReports {
  screen(screen: KioskScreen): void;
  input(): void;
  dialog(open: boolean): void;
  idleWipe(): void;
  receipt(): void;
}

type Reporter = keyof Pick<
  KioskActivityBridge,
  'reportScreen' | 'reportInput' | 'reportDialog' | 'reportIdleWipe' | 'reportReceipt'
>;

export function activityReports(bridge: KioskBridge | null): ActivityReports {
  // The preload exposes more than KioskBridge types; each part is checked before use.
  const api = (bridge ?? {}) as Partial<Pick<KioskActivityBridge, Reporter>>;
  const call = <K extends Reporter>(name: K, ...args: Parameters<KioskActivityBridge[K]>) => {
    const report = api[name] as ((...given: unknown[]) => void) | undefined;
    if (typeof report !== 'function') return;
    try {
      report(...args);
    } catch {
      // A report that cannot be sent costs only itself.
    }
  };
  return {
    screen: (screen) => call('reportScreen', screen),
    input: () => call('reportInput'),
    dialog: (open) => call('reportDialog', open),
    idleWipe: () => call('reportIdleWipe'),
    receipt: () => call('reportReceipt'),
  };
}
