import { useEffect, useState, type SubmitEvent } from 'react';
import type { KioskBridge } from '@shared/bridge';
import { useModalDialog } from '@/components/ui/use-modal-dialog';

/**
 * Staff exit: the main process catches the key chord and asks for the PIN here; only the
 * main process knows the PIN and decides whether to quit.
 */
export function StaffExitDialog({ bridge }: { bridge: KioskBridge }) {
  const [open, setOpen] = useState(false);
  const dialog = useModalDialog(open);
  const [pin, setPin] = useState('');
  const [wrong, setWrong] = useState(false);

  useEffect(() => bridge.onStaffExitRequested(() => setOpen(true)), [bridge]);

  const close = () => {
    setOpen(false);
    setPin('');
    setWrong(false);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const accepted = await bridge.submitStaffExitPin(pin);
    setPin('');
    setWrong(!accepted);
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
          Staff exit
        </h2>
        <label htmlFor="staff-pin" className="font-semibold">
          Enter the staff PIN to close the kiosk
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
          {wrong ? 'That PIN is not right.' : ''}
        </p>
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-primary">
            Close kiosk
          </button>
        </div>
      </form>
    </dialog>
  );
}
