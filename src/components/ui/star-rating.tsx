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

function Star({ fill, px }: { fill: 'full' | 'half' | 'empty'; px: number }) {
  const path = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z';
  return (
    <svg width={px} height={px} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="#d0d5dd" />
      {fill !== 'empty' && (
        <path
          d={path}
          fill="#b54708"
          style={fill === 'half' ? { clipPath: 'inset(0 50% 0 0)' } : undefined}
        />
      )}
    </svg>
  );
}

export function StarRating({ rate, count, size = 'sm' }: StarRatingProps) {
  const stars = toHalfStars(rate);
  const px = size === 'sm' ? 18 : 22;
  return (
    <div className="flex items-center gap-2">
      <span role="img" aria-label={`Rated ${stars} out of 5`} className="flex">
        {[1, 2, 3, 4, 5].map((position) => (
          <Star
            key={position}
            px={px}
            fill={stars >= position ? 'full' : stars >= position - 0.5 ? 'half' : 'empty'}
          />
        ))}
      </span>
      {count !== undefined && (
        <span className="text-sm text-muted tabular">
          ({count.toLocaleString('en-US')} {count === 1 ? 'review' : 'reviews'})
        </span>
      )}
    </div>
  );
}
