import { useEffect, useState } from 'react';
import { useIdleTimer } from './use-idle-timer';
import { useModalDialog } from '@/components/ui/use-modal-dialog';

export const IDLE_COUNTDOWN_SECONDS = 30;

interface IdleResetDialogProps {
  idleTimeoutSeconds: number;
  /** Whether there is anything to reset (a cart, or a page other than home). */
  hasSession: () => boolean;
  onReset: () => void;
}

/**
 * A kiosk is shared by strangers: when a shopper walks away, ask whether they are still
 * there and, after a short countdown, empty the cart and go back to the start.
 */
export function IdleResetDialog({ idleTimeoutSeconds, hasSession, onReset }: IdleResetDialogProps) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const open = secondsLeft !== null;
  const dialog = useModalDialog(open);

  useIdleTimer(
    idleTimeoutSeconds * 1000,
    () => {
      if (hasSession()) setSecondsLeft(IDLE_COUNTDOWN_SECONDS);
    },
    !open,
  );

  useEffect(() => {
    if (secondsLeft === null) return;
    const tick = setTimeout(() => {
      if (secondsLeft > 1) {
        setSecondsLeft(secondsLeft - 1);
        return;
      }
      onReset();
      setSecondsLeft(null);
    }, 1000);
    return () => clearTimeout(tick);
  }, [secondsLeft, onReset]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="idle-title"
      aria-describedby="idle-text"
      onClose={() => setSecondsLeft(null)}
      className="m-auto w-[min(30rem,90vw)] rounded-2xl bg-white p-8 text-center shadow-2xl backdrop:bg-slate-900/50"
    >
      <h2 id="idle-title" className="text-2xl font-bold">
        Are you still shopping?
      </h2>
      <p id="idle-text" className="mt-3 text-lg text-muted">
        For the next shopper&apos;s privacy, the cart will be emptied in{' '}
        <span className="font-bold text-ink tabular">{secondsLeft ?? IDLE_COUNTDOWN_SECONDS}</span>{' '}
        seconds.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button
          type="button"
          className="btn-primary min-h-14 px-8 text-lg"
          onClick={() => setSecondsLeft(null)}
        >
          I&apos;m still here
        </button>
        <button
          type="button"
          className="btn-secondary min-h-14 px-8 text-lg"
          onClick={() => {
            onReset();
            setSecondsLeft(null);
          }}
        >
          Start over
        </button>
      </div>
    </dialog>
  );
}
