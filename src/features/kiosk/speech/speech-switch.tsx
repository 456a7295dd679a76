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
      className="flex min-h-14 items-center gap-2 rounded-full bg-brand-800 px-4 text-lg font-bold text-white shadow-md sm:gap-3 sm:px-5"
      onClick={() => setOn(!on)}
    >
      <SpeakerIcon width={30} height={30} />
      Speech
      <span className="rounded-full bg-white px-2 py-0.5 text-sm text-brand-800" aria-hidden="true">
        {on ? 'On' : 'Off'}
      </span>
    </button>
  );
}
