import type { Palette } from './svg-colour';

/** One drawn product: SVG markup on a 600×600 canvas, plus where its floor shadow goes. */
export interface Drawing {
  body: string;
  /** y of the soft shadow under the object, and its half-width. */
  groundY: number;
  groundRx: number;
}

export type DrawFn = (palette: Palette) => Drawing;

/** A point of a left-half outline; `c` is the control point of the curve arriving at it. */
export interface HalfPoint {
  x: number;
  y: number;
  c?: readonly [number, number];
}

const CENTRE = 300;
const mirrorX = (x: number): number => 2 * CENTRE - x;

/**
 * Closes a left-half outline into a symmetric path: garments are drawn once and
 * mirrored, so both sides always match.
 */
export function symmetricPath(half: readonly HalfPoint[]): string {
  const first = half[0];
  if (!first) return '';
  const parts = [`M${first.x} ${first.y}`];
  for (const p of half.slice(1)) {
    parts.push(p.c ? `Q${p.c[0]} ${p.c[1]} ${p.x} ${p.y}` : `L${p.x} ${p.y}`);
  }
  for (let i = half.length - 1; i > 0; i--) {
    const from = half[i];
    const to = half[i - 1];
    if (!from || !to) continue;
    parts.push(
      from.c
        ? `Q${mirrorX(from.c[0])} ${from.c[1]} ${mirrorX(to.x)} ${to.y}`
        : `L${mirrorX(to.x)} ${to.y}`,
    );
  }
  return `${parts.join(' ')} Z`;
}

/** The same markup for the left side and its mirror image. */
export function bothSides(markup: string): string {
  return `${markup}<g transform="translate(600 0) scale(-1 1)">${markup}</g>`;
}
