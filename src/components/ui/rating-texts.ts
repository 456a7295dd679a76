/**
 * What a rating says: its name for a screen reader ('Rated 3.5 out of 5') and its review
 * count ('(120 reviews)'), as star-rating.tsx shows them and the products page's early cards
 * write them into a painted card.
 */
import { formatDecimal } from '@/i18n/formats';
import type { ShownLanguage } from '@/i18n/language-store';
import { controlsText } from './controls.messages';
import { toHalfStars } from './star-paths';

export function ratingTexts(
  { t, language }: Pick<ShownLanguage, 't' | 'language'>,
  rate: number,
  count: number,
): { label: string; reviews: string } {
  return {
    label: t(controlsText.rated, { stars: formatDecimal(language, toHalfStars(rate)) }),
    reviews: t(controlsText.reviews, { count }),
  };
}
