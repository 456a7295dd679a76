import { useEffect, useState, type SubmitEvent } from 'react';
import type { KioskBridge, KioskStaffBridge, StaffExitResult } from '@shared/bridge';
import { useModalDialog } from '@web-shared/ui/use-modal-dialog';
import { useI18n, type ShownLanguage } from '@/i18n/language-store';
import { kioskText } from './kiosk.messages';

/**
 * "30 seconds", "2 minutes", "7 hours" (the daily cap locks until midnight): rounded up, so
 * staff never retry a moment too early.
 */
function waitText(seconds: number, t: ShownLanguage['t']): string {
  if (seconds < 60) return t(kioskText.waitSeconds, { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return t(kioskText.waitMinutes, { count: minutes });
  return t(kioskText.waitHours, { count: Math.ceil(seconds / 3600) });
}

function messageFor(result: StaffExitResult, t: ShownLanguage['t']): string {
  if (result.status === 'locked') {
    return t(kioskText.locked, { wait: waitText(result.retryAfterSeconds, t) });
  }
  return result.status === 'wrong' ? t(kioskText.wrongPin) : '';
}

/** How long the pairing code stays up: main accepts the confirmation this long. */
export const PAIRING_CODE_SHOWN_MS = 2 * 60_000;

/** "1 2 3 4, 5 6 7 8, …": a screen reader says each digit, not "one thousand two hundred". */
const spoken = (code: string): string =>
  code
    .split(' ')
    .map((group) => group.split('').join(' '))
    .join(', ');

/**
 * Staff exit: the main process catches the key chord and asks for the PIN here; only the
 * main process knows the PIN and decides whether to quit. When it accepts, the shopper's
 * session is wiped at once (`onExit`), before the app goes, so the next launch starts clean.
 * A kiosk that waits to be enrolled answers with its pairing code instead of quitting: staff
 * read it to the operator, then close the kiosk or go back to the shop.
 */
export function StaffExitDialog({
  bridge,
  onExit,
}: {
  /** Only what the dialog uses, so a bridge that grows needs no change here or in tests. */
  bridge: Pick<KioskBridge, 'onStaffExitRequested' | 'submitStaffExitPin'> &
    Partial<KioskStaffBridge>;
  /** The main process accepted the PIN and is quitting. */
  onExit: () => void;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useModalDialog(open);
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState('');
  const { t } = useI18n();
  const [pairingCode, setPairingCode] = useState<string | null>(null);

  useEffect(() => bridge.onStaffExitRequested(() => setOpen(true)), [bridge]);

  const close = () => {
    setOpen(false);
    setPin('');
    setMessage('');
    setPairingCode(null);
  };

  // The code goes away on its own: staff who walk off leave the shop, not a close button.
  useEffect(() => {
    if (pairingCode === null) return;
    const timer = setTimeout(close, PAIRING_CODE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [pairingCode]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await bridge.submitStaffExitPin(pin);
    // First, while the main process lets the answer reach this page before it quits.
    if (result.status === 'accepted') onExit();
    setPin('');
    setMessage(messageFor(result, t));
    if (result.status === 'accepted' && result.pairingCode) setPairingCode(result.pairingCode);
  };

  const confirmExit = async () => {
    const closing = (await bridge.confirmStaffExit?.()) ?? false;
    if (closing) return;
    setPairingCode(null);
    setMessage('The kiosk could not be closed. Enter the PIN again.');
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="staff-exit-title"
      onClose={close}
      className="m-auto w-[min(26rem,90vw)] rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-slate-900/50"
    >
      {/* The pairing code is for staff and the operator alone: its words stay English. */}
      {pairingCode !== null ? (
        <div className="flex flex-col gap-4">
          <h2 id="staff-exit-title" className="text-xl font-bold">
            Pairing code
          </h2>
          <p>
            This kiosk waits to be enrolled. Read this code to the operator, who compares it with
            the one in the fleet console:
          </p>
          <p className="text-center font-mono text-3xl font-bold tracking-wider">
            <span aria-hidden="true">{pairingCode}</span>
            <span className="sr-only">{spoken(pairingCode)}</span>
          </p>
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={close}>
              Back to the shop
            </button>
            <button type="button" className="btn-primary" onClick={() => void confirmExit()}>
              Close kiosk
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <h2 id="staff-exit-title" className="text-xl font-bold">
            {t(kioskText.staffExit)}
          </h2>
          <label htmlFor="staff-pin" className="font-semibold">
            {t(kioskText.staffPin)}
          </label>
          <input
            id="staff-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={32}
            className="field"
            value={pin}
            onChange={(event) => setPin(event.target.value)}
          />
          <p role="alert" className="min-h-6 text-sm font-semibold text-sale-700">
            {message}
          </p>
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={close}>
              {t(kioskText.cancel)}
            </button>
            <button type="submit" className="btn-primary">
              {t(kioskText.closeKiosk)}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
