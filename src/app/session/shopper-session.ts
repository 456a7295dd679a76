import { clearCart } from '@/features/cart/cart-store-loader';
import { forgetReceipt } from '@/features/checkout/public';
import { resetLanguage } from '@/i18n/language-store';

/**
 * A shopper's session, and the one place that says what a wipe clears. A kiosk is shared
 * by strangers: when one walks away, the next must find nothing of theirs. The catalogue
 * cache is the shop's, not the shopper's: it stays.
 *
 * It lives in the app, the one room that may use every feature. Features never import it
 * (they may not import app/): they are handed the wipe as a function. Its callers:
 * - the idle wipe: IdlePrompt (features/kiosk) at the end of its countdown or on 'Start
 *   over', through KioskBehaviours' `onWipe`;
 * - the staff exit: StaffExitDialog, through the same `onWipe`, once the main process has
 *   accepted the PIN and before it quits, so the next launch starts clean;
 * - remote fleet commands, when they come: the app subscribes to them through the bridge
 *   (src/platform) and calls the same `wipe` of useShopperSession.
 *
 * A session has two kinds of part:
 * - ON_SCREEN: React state under the session's key (typed text, open dialogs, the on-screen
 *   keyboard, modes, speech, announcements, the router's history). A wipe remounts the
 *   session with a new key and a new router, so all of it goes. A part whose component
 *   changed something outside React undoes it in its cleanup (AccessibilityMode removes
 *   html[data-a11y]; SpeechMode stops its voice mid-word). Kiosk-only parts belong here:
 *   their code is not in the web build, so nothing here may import it. Add the part's name.
 * - KEPT: what outlives a remount (storage, a module-level store). The feature exports a
 *   clear function from its public.ts and the part is added with it.
 * Either way the session test (shopper-session.test.tsx) asks for a check of every part
 * listed here, and fails to compile without one.
 */
export const ON_SCREEN = [
  'typed fields',
  'dialogs',
  'on-screen keyboard',
  'accessibility mode',
  'speech',
  'announcements',
  'history',
] as const;

export const KEPT = {
  'cart, savings and subtotal': clearCart,
  receipt: forgetReceipt,
  /** The next shopper starts in the kiosk's default language. */
  language: resetLanguage,
} as const satisfies Record<string, () => void>;

export type SessionPart = (typeof ON_SCREEN)[number] | keyof typeof KEPT;

/** Clears what outlives the remount; the caller then remounts the session (useShopperSession). */
export function clearKeptParts(): void {
  for (const clear of Object.values(KEPT)) clear();
}
