import { SpeakerIcon } from '@/components/ui/icons';
import { useSpeech } from './speech-mode';

/**
 * The "Speech" switch in the kiosk's bar (issue 23): a shopper, or whoever helps them,
 * turns speech on without first needing it; a keypad's first key does the same. Pressed
 * means on. Its name is "Speech" alone, so speech says "Speech, toggle button, off".
 */
export function SpeechSwitch() {
  const speech = useSpeech();
  if (!speech) return null;
  const { on, setOn } = speech;
  return (
    <button
      type="button"
      aria-pressed={on}
      className="flex min-h-14 items-center gap-1.5 rounded-full bg-brand-800 px-3 text-sm font-bold text-white shadow-md max-sm:gap-[6px] max-sm:px-[12px] max-sm:text-[14px] sm:gap-3 sm:px-5 sm:text-lg"
      onClick={() => setOn(!on)}
    >
      <SpeakerIcon width={30} height={30} className="max-sm:hidden" />
      Speech
      <span
        className="rounded-full bg-white px-1.5 py-0.5 text-xs text-brand-800 max-sm:px-[6px] max-sm:text-[12px] sm:px-2 sm:text-sm"
        aria-hidden="true"
      >
        {on ? 'On' : 'Off'}
      </span>
    </button>
  );
}
