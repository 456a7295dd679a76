import { useI18n } from '@/i18n/language-store';
import { formatDecimal } from '@/i18n/formats';
import { controlsText } from './controls.messages';

interface StarRatingProps {
  rate: number;
  count?: number;
  size?: 'sm' | 'md';
}

/** Rounds to the nearest half star (spec: 5 stars with half-star support). */
export function toHalfStars(rate: number): number {
  const clamped = Math.min(Math.max(Number.isFinite(rate) ? rate : 0, 0), 5);
  return Math.round(clamped * 2) / 2;
}

// One 24-unit cell per star; after the absolute move the outlines are relative, so a star
// is placed by its move alone. One svg with two paths instead of five svgs: a catalogue
// page mounts six ratings at every search, category or page change.
const CELL = 24;
const star = (position: number): string =>
  `M${position * CELL + 12} 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L${position * CELL + 12} 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z`;
const leftHalf = (position: number): string =>
  `M${position * CELL + 12} 2.8V17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z`;
const ALL_STARS = [0, 1, 2, 3, 4].map(star).join('');

/** The lit outlines for a rating in half stars: whole stars, then a left half if any. */
export function litStarsPath(halfStars: number): string {
  const whole = Math.floor(halfStars);
  const parts = Array.from({ length: whole }, (_, position) => star(position));
  if (halfStars > whole) parts.push(leftHalf(whole));
  return parts.join('');
}

export function StarRating({ rate, count, size = 'sm' }: StarRatingProps) {
  const stars = toHalfStars(rate);
  const { t, language } = useI18n();
  const px = size === 'sm' ? 18 : 22;
  return (
    <div className="flex items-center gap-2">
      <svg
        role="img"
        data-rating=""
        aria-label={t(controlsText.rated, { stars: formatDecimal(language, stars) })}
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
        <span className="text-sm text-muted tabular">{t(controlsText.reviews, { count })}</span>
      )}
    </div>
  );
}
