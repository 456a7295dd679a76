import { useI18n } from '@/i18n/language-store';
import { ratingTexts } from './rating-texts';
import { ALL_STARS, CELL, litStarsPath, toHalfStars } from './star-paths';

interface StarRatingProps {
  rate: number;
  count?: number;
  size?: 'sm' | 'md';
}

export function StarRating({ rate, count, size = 'sm' }: StarRatingProps) {
  const stars = toHalfStars(rate);
  const texts = ratingTexts(useI18n(), rate, count ?? 0);
  const px = size === 'sm' ? 18 : 22;
  return (
    <div className="flex items-center gap-2">
      <svg
        role="img"
        data-rating=""
        aria-label={texts.label}
        width={px * 5}
        height={px}
        viewBox={`0 0 ${CELL * 5} ${CELL}`}
        focusable="false"
      >
        <path d={ALL_STARS} fill="#d0d5dd" />
        {stars > 0 && <path d={litStarsPath(stars)} fill="#b54708" />}
      </svg>
      {count !== undefined && (
        // One text node, not five: a page change rewrites six of these.
        <span className="text-sm text-muted tabular">{texts.reviews}</span>
      )}
    </div>
  );
}
