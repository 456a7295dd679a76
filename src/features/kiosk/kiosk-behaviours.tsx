import { useCallback, useEffect } from 'react';
import { useCapabilities } from '@/platform/capabilities-context';
import { usePrinting } from '@/platform/printing';
import { useStoreClosed } from '@/platform/store-closed';
import { useIdleReset } from '@/platform/use-idle-reset';
import { AccessibilityMode } from './accessibility-mode';
import { useActivityReports } from './activity/use-activity-reports';
import { AttractScreen } from './attract-screen';
import { ClosedScreen } from './closed-screen';
import { IdlePrompt } from './idle-prompt';
import { OnScreenKeyboard } from './keyboard/on-screen-keyboard';
import { KeypadNavigation } from './keypad/keypad-navigation';
import type { CartReport } from './speech/cart-report';
import { SpeechMode } from './speech/speech-mode';
import { StaffExitDialog } from './staff-exit-dialog';

export interface KioskBehavioursProps {
  /** The attract screen shows after a wipe, until the next touch. */
  attract: boolean;
  onAttractEnd: () => void;
  /**
   * Wipes the shopper's session (src/app/session says what that holds): the idle prompt
   * and the staff exit call it.
   */
  onWipe: () => void;
  /** A receipt is on screen (the checkout's thank-you): main counts it as a shopper there. */
  receiptOnScreen?: boolean;
  /** The cart after every change, for speech to say its total (the app reads the cart). */
  cart?: CartReport | undefined;
}

/**
 * A long press on a touch screen opens Chromium's context menu (copy, search, inspect):
 * a kiosk offers none. (The Electron preload blocks it too; this covers the renderer alone.)
 */
function useNoTouchCallout(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const block = (event: Event) => event.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, [enabled]);
}

/**
 * What only a kiosk does, each switched on by the capabilities: staff exit, the on-screen
 * keyboard, keypad navigation, accessibility mode, speech (around the rest: the bar has its
 * switch, the idle prompt waits longer while it talks), the idle prompt and wipe, and the
 * attract screen, and the closed screen outside opening hours. The app renders it inside the session's router (keypad navigation goes
 * back through it) and remounts it with every session, so a wipe also closes whatever it
 * had open.
 */
export function KioskBehaviours({
  attract,
  onAttractEnd,
  onWipe,
  receiptOnScreen = false,
  cart,
}: KioskBehavioursProps) {
  const { bridge, kiosk, target } = useCapabilities();
  // Main may send new idle times while the kiosk runs (a remote config): these are in force.
  const idleReset = useIdleReset();
  const printing = usePrinting();
  // Outside opening hours (main says so only when nobody is served).
  const closed = useStoreClosed();
  useNoTouchCallout(target === 'kiosk');
  const reports = useActivityReports(attract, receiptOnScreen);
  const idleWipe = useCallback(() => {
    reports.idleWipe();
    onWipe();
  }, [reports, onWipe]);
  const behaviours = (
    <>
      {kiosk.staffExit && bridge && <StaffExitDialog bridge={bridge} onExit={onWipe} />}
      {kiosk.onScreenKeyboard && <OnScreenKeyboard />}
      {kiosk.keypadNavigation && <KeypadNavigation />}
      {kiosk.accessibilityMode && !attract && <AccessibilityMode />}
      {idleReset && (
        <IdlePrompt
          afterSeconds={idleReset.afterSeconds}
          countdownSeconds={idleReset.countdownSeconds}
          paused={attract || printing}
          onWipe={idleWipe}
        />
      )}
      {attract && <AttractScreen onStart={onAttractEnd} />}
      {closed && <ClosedScreen />}
    </>
  );
  if (!kiosk.speech) return behaviours;
  return (
    <SpeechMode capability={kiosk.speech} bridge={bridge} cart={cart}>
      {behaviours}
    </SpeechMode>
  );
}
