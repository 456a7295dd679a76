import { useEffect, useMemo, useState } from 'react';
import type { KioskScreen } from '@shared/bridge';
import { activityReports, type ActivityReports } from '@/platform/activity-bridge';
import { useCapabilities } from '@/platform/capabilities-context';

/** What counts as someone at the screen: the events the idle timer listens to as well. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export interface ScreenFacts {
  /** The attract screen covers the shop. */
  attract: boolean;
  /** The session has seen a touch or key since it began. */
  touched: boolean;
  /** A receipt is on screen. */
  receiptOnScreen: boolean;
}

/**
 * The screen as main counts it. A session nobody has touched yet (a kiosk just started,
 * showing its landing page) is as good as the attract screen: nobody is being served.
 */
export function screenOf({ attract, touched, receiptOnScreen }: ScreenFacts): KioskScreen {
  if (attract || !touched) return 'attract';
  return receiptOnScreen ? 'receipt' : 'shopping';
}

/** Any modal <dialog> open in the page: the idle prompt, the staff PIN, and later ones. */
function anyDialogOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

/** Tells main whenever a dialog opens or the last one closes (busy: no relaunch now). */
function useDialogReports(reports: ActivityReports): void {
  useEffect(() => {
    let open = anyDialogOpen();
    if (open) reports.dialog(true);
    const observer = new MutationObserver(() => {
      const now = anyDialogOpen();
      if (now === open) return;
      open = now;
      reports.dialog(now);
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      // A wipe remounts the session; its dialogs go with it.
      if (open) reports.dialog(false);
    };
  }, [reports]);
}

/**
 * The kiosk page's side of the activity reports (src/platform/activity-bridge.ts): its
 * screen whenever it changes, every touch or key (the preload sends at most one every few
 * seconds), and its dialogs. Returns the reports, so the idle wipe can say it happened.
 */
export function useActivityReports(attract: boolean, receiptOnScreen: boolean): ActivityReports {
  const { bridge } = useCapabilities();
  const reports = useMemo(() => activityReports(bridge), [bridge]);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    const onInput = () => {
      reports.input();
      setTouched(true);
    };
    for (const name of INPUT_EVENTS) {
      window.addEventListener(name, onInput, { capture: true, passive: true });
    }
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, [reports]);

  const screen = screenOf({ attract, touched, receiptOnScreen });
  useEffect(() => reports.screen(screen), [reports, screen]);
  useDialogReports(reports);
  return reports;
}
