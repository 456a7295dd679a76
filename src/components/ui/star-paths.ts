/**
 * A rating's stars as SVG outlines (star-rating.tsx draws them): plain functions, which the
 * products page's early cards also use to light a painted card's stars.
 */

/** Rounds to the nearest half star (spec: 5 stars with half-star support). */
export function toHalfStars(rate: number): number {
  const clamped = Math.min(Math.max(Number.isFinite(rate) ? rate : 0, 0), 5);
  return Math.round(clamped * 2) / 2;
}

// One 24-unit cell per star; after the absolute move the outlines are relative, so a star
// is placed by its move alone. One svg with two paths instead of five svgs: a catalogue
// page mounts six ratings at every search, category or page change.
export const CELL = 24;
const star = (position: number): string =>
  `M${position * CELL + 12} 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L${position * CELL + 12} 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z`;
const leftHalf = (position: number): string =>
  `M${position * CELL + 12} 2.8V17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z`;
export const ALL_STARS = [0, 1, 2, 3, 4].map(star).join('');

/** The lit outlines for a rating in half stars: whole stars, then a left half if any. */
export function litStarsPath(halfStars: number): string {
  const whole = Math.floor(halfStars);
  const parts = Array.from({ length: whole }, (_, position) => star(position));
  if (halfStars > whole) parts.push(leftHalf(whole));
  return parts.join('');
}
