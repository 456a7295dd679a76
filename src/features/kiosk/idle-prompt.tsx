import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useModalDialog } from '@web-shared/ui/use-modal-dialog';
import { useI18n } from '@/i18n/language-store';
import { kioskText } from './kiosk.messages';
import { claimKey } from './keypad/claimed-keys';
import { speechText } from './speech/speech.messages';
import { useSpeech } from './speech/speech-mode';
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
/** With speech on the countdown is longer, and is said more often. */
const SPEECH_MARKS = new Set([30, 20, 10, 5]);

/**
 * With speech on, timed steps take this many times longer (EN 301 549 5.2.13 and WCAG
 * 2.2.1: time can be extended): reading a screen by ear is slower than by eye.
 */
export const SPEECH_TIME_FACTOR = 3;

/**
 * While the prompt is open with speech on, any key answers it as a touch does: Enter or
 * Space press the focused button, as a touch on it would; any other key is a touch
 * outside them, "I'm still here".
 */
function useAnyKeyAnswers(
  open: boolean,
  dialog: RefObject<HTMLDialogElement | null>,
  stay: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const active = document.activeElement;
      const pressesButton =
        (event.key === 'Enter' || event.key === ' ') &&
        active instanceof HTMLButtonElement &&
        Boolean(dialog.current?.contains(active));
      if (pressesButton) return;
      event.preventDefault();
      claimKey(event);
      stay();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open, dialog, stay]);
}

/**
 * A kiosk is shared by strangers: when a shopper walks away, ask whether they are still
 * there and, after a visible countdown, wipe their session for the next one.
 */
export function IdlePrompt({
  afterSeconds,
  countdownSeconds: shortCountdown,
  paused,
  onWipe,
}: IdlePromptProps) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const open = secondsLeft !== null;
  const dialog = useModalDialog(open);
  const speaking = useSpeech()?.on ?? false;
  const factor = speaking ? SPEECH_TIME_FACTOR : 1;
  const nextCountdown = shortCountdown * factor;
  // An open question keeps the countdown it opened with, whatever main sends meanwhile: the
  // number a shopper reads never jumps. New idle times count from the next question.
  const [openedWith, setOpenedWith] = useState(nextCountdown);
  const countdownSeconds = open ? openedWith : nextCountdown;
  const marks = speaking ? SPEECH_MARKS : SPOKEN_MARKS;
  const { t } = useI18n();

  useIdleTimer(
    afterSeconds * 1000 * factor,
    () => {
      setOpenedWith(nextCountdown);
      setSecondsLeft(nextCountdown);
    },
    !open && !paused,
  );
  const stay = useCallback(() => setSecondsLeft(null), []);
  useAnyKeyAnswers(open && speaking, dialog, stay);

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
    secondsLeft !== null && marks.has(secondsLeft) && secondsLeft < countdownSeconds
      ? t(kioskText.secondsLeftSpoken, { seconds: secondsLeft })
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
        {t(kioskText.stillThere)}
      </h2>
      <p id="idle-text" className="mt-3 text-lg text-muted">
        {t(kioskText.privacy, { seconds: countdownSeconds })}
        {speaking && <span className="sr-only"> {t(speechText.anyKeyStays)}</span>}
      </p>
      <p className="mt-6 flex flex-col items-center" aria-hidden="true">
        <span className="text-7xl font-extrabold text-brand-700 tabular">
          {secondsLeft ?? countdownSeconds}
        </span>
        <span className="text-lg text-muted">
          {t(kioskText.secondsLeft, { seconds: secondsLeft ?? countdownSeconds })}
        </span>
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
          {t(kioskText.stillHere)}
        </button>
        <button
          type="button"
          className="btn-secondary min-h-14 w-full text-lg"
          onClick={() => {
            setSecondsLeft(null);
            onWipe();
          }}
        >
          {t(kioskText.startOver)}
        </button>
      </div>
    </dialog>
  );
}
