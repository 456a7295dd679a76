import { SpeakerIcon } from '@/components/ui/page-icons';
import { useI18n } from '@/i18n/language-store';
import { BarSwitch } from '../bar-switch';
import { kioskText } from '../kiosk.messages';
import { useSpeech } from './speech-mode';

/**
 * The "Speech" switch in the kiosk's bar: a shopper, or whoever helps them,
 * turns speech on without first needing it; a keypad's first key does the same. Pressed
 * means on. Its name is "Speech" alone, so speech says "Speech, toggle button, off".
 */
export function SpeechSwitch() {
  const speech = useSpeech();
  const { t } = useI18n();
  if (!speech) return null;
  const { on, setOn } = speech;
  return (
    <BarSwitch on={on} onToggle={() => setOn(!on)} icon={<SpeakerIcon width={30} height={30} />}>
      {t(kioskText.speech)}
    </BarSwitch>
  );
}
