import type { ArrowKey } from './arrow-keys';

/**
 * Arrow moves across a grid of keys whose rows differ in length (the on-screen keyboard:
 * four rows of ten and a bottom row of five; the numeric pad: three rows of three and a
 * bottom row of four). Left and Right read the keys in order, row after row; Up and Down
 * go to the key most nearly above or below. Past the first key or above the top row is
 * 'before' the grid (the field it types into); past the last key or below the bottom row
 * is 'after' it (the control after that field).
 */
export interface GridPosition {
  row: number;
  col: number;
}

export type GridMove = GridPosition | 'before' | 'after';

/**
 * The column in a row of `toLength` keys whose centre is nearest the centre of column `col`
 * in a row of `fromLength` keys (rows share the keyboard's width); a tie takes the left one.
 */
export function nearestColumn(col: number, fromLength: number, toLength: number): number {
  const centre = (col + 0.5) / fromLength;
  let best = 0;
  for (let candidate = 1; candidate < toLength; candidate += 1) {
    const distance = Math.abs((candidate + 0.5) / toLength - centre);
    const bestDistance = Math.abs((best + 0.5) / toLength - centre);
    // A small tolerance so floating point cannot break a tie towards the right.
    if (distance < bestDistance - 1e-9) best = candidate;
  }
  return best;
}

export function moveInGrid(
  rows: readonly number[],
  { row, col }: GridPosition,
  key: ArrowKey,
): GridMove {
  const length = rows[row] ?? 0;
  switch (key) {
    case 'ArrowRight':
      if (col + 1 < length) return { row, col: col + 1 };
      return row + 1 < rows.length ? { row: row + 1, col: 0 } : 'after';
    case 'ArrowLeft':
      if (col > 0) return { row, col: col - 1 };
      return row > 0 ? { row: row - 1, col: (rows[row - 1] ?? 1) - 1 } : 'before';
    case 'ArrowDown':
      return row + 1 < rows.length
        ? { row: row + 1, col: nearestColumn(col, length, rows[row + 1] ?? 1) }
        : 'after';
    case 'ArrowUp':
      return row > 0
        ? { row: row - 1, col: nearestColumn(col, length, rows[row - 1] ?? 1) }
        : 'before';
  }
}
