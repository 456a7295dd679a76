import { useEffect, useState, type SubmitEvent } from 'react';
import type { KioskBridge, StaffExitResult } from '@shared/bridge';
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

/**
 * Staff exit: the main process catches the key chord and asks for the PIN here; only the
 * main process knows the PIN and decides whether to quit. When it accepts, the shopper's
 * session is wiped at once (`onExit`), before the app goes, so the next launch starts clean.
 */
export function StaffExitDialog({
  bridge,
  onExit,
}: {
  /** Only what the dialog uses, so a bridge that grows needs no change here or in tests. */
  bridge: Pick<KioskBridge, 'onStaffExitRequested' | 'submitStaffExitPin'>;
  /** The main process accepted the PIN and is quitting. */
  onExit: () => void;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useModalDialog(open);
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState('');
  const { t } = useI18n();

  useEffect(() => bridge.onStaffExitRequested(() => setOpen(true)), [bridge]);

  const close = () => {
    setOpen(false);
    setPin('');
    setMessage('');
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await bridge.submitStaffExitPin(pin);
    // First, while the main process lets the answer reach this page before it quits.
    if (result.status === 'accepted') onExit();
    setPin('');
    setMessage(messageFor(result, t));
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="staff-exit-title"
      onClose={close}
      className="m-auto w-[min(26rem,90vw)] rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-slate-900/50"
    >
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
    </dialog>
  );
}
