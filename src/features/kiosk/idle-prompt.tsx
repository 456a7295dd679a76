import { useEffect, useState } from 'react';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useIdleTimer } from './use-idle-timer';

interface IdlePromptProps {
  /** Seconds without a touch before the question appears. */
  afterSeconds: number;
  /** Seconds the question counts down before the session is wiped. */
  countdownSeconds: number;
  /** While printing or on the attract screen there is nothing to ask. */
  paused: boolean;
  onWipe: () => void;
}

/** Announced, not every second: screen readers hear the start and these marks. */
const SPOKEN_MARKS = new Set([10, 5]);

/**
 * A kiosk is shared by strangers: when a shopper walks away, ask whether they are still
 * there and, after a visible countdown, wipe their session for the next one.
 */
export function IdlePrompt({ afterSeconds, countdownSeconds, paused, onWipe }: IdlePromptProps) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const open = secondsLeft !== null;
  const dialog = useModalDialog(open);

  useIdleTimer(afterSeconds * 1000, () => setSecondsLeft(countdownSeconds), !open && !paused);

  useEffect(() => {
    if (secondsLeft === null) return;
    const tick = setTimeout(() => {
      if (secondsLeft > 1) {
        setSecondsLeft(secondsLeft - 1);
        return;
      }
      setSecondsLeft(null);
      onWipe();
    }, 1000);
    return () => clearTimeout(tick);
  }, [secondsLeft, onWipe]);

  const spoken =
    secondsLeft !== null && SPOKEN_MARKS.has(secondsLeft) && secondsLeft < countdownSeconds
      ? `${secondsLeft} seconds left.`
      : '';

  return (
    <dialog
      ref={dialog}
      aria-labelledby="idle-title"
      aria-describedby="idle-text"
      onClose={() => setSecondsLeft(null)}
      onClick={(event) => {
        // A touch on the backdrop is a shopper who is still here.
        if (event.target === event.currentTarget) setSecondsLeft(null);
      }}
      className="idle-prompt m-auto w-[min(34rem,92vw)] rounded-3xl bg-white p-8 text-center shadow-2xl backdrop:bg-slate-900/60"
    >
      <h2 id="idle-title" className="text-3xl font-bold">
        Are you still there?
      </h2>
      <p id="idle-text" className="mt-3 text-lg text-muted">
        For the next shopper&apos;s privacy, this session ends and the cart is emptied in{' '}
        {countdownSeconds} seconds.
      </p>
      <p className="mt-6 flex flex-col items-center" aria-hidden="true">
        <span className="text-7xl font-extrabold text-brand-700 tabular">
          {secondsLeft ?? countdownSeconds}
        </span>
        <span className="text-lg text-muted">seconds left</span>
      </p>
      <p aria-live="polite" className="sr-only">
        {spoken}
      </p>
      <div className="mt-8 flex flex-col gap-3">
        <button
          type="button"
          autoFocus
          className="btn-primary min-h-20 w-full text-2xl"
          onClick={() => setSecondsLeft(null)}
        >
          I&apos;m still here
        </button>
        <button
          type="button"
          className="btn-secondary min-h-14 w-full text-lg"
          onClick={() => {
            setSecondsLeft(null);
            onWipe();
          }}
        >
          Start over
        </button>
      </div>
    </dialog>
  );
}
