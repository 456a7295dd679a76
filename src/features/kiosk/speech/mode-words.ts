/**
 * What speech says about itself: its first words (that it is on and how to use it, as the
 * issue asks: which keys move, choose, go back, repeat and change the volume, and how to
 * turn it off), the volume, and its last words. In the shown language.
 */
import { shownLanguage, type ShownLanguage } from '@/i18n/language-store';
import { speechText } from './speech.messages';

type Words = Pick<ShownLanguage, 't'>;

export const speechOnWords = ({ t }: Words = shownLanguage()): string => t(speechText.on);

export const speechOffWords = ({ t }: Words = shownLanguage()): string => t(speechText.off);

export const VOLUME_STEPS = 10;

/** "Volume 70 percent", and at either end which end it is. */
export function volumeWords(step: number, { t }: Words = shownLanguage()): string {
  const percent = Math.round((step / VOLUME_STEPS) * 100);
  const end = step >= VOLUME_STEPS ? 'loudest' : step <= 1 ? 'quietest' : 'middle';
  return t(speechText.volume, { end, percent });
}
