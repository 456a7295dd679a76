// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { moveInGrid, nearestColumn, type GridMove } from './key-grid';

/** The text keyboard: four rows of ten, then Close, Shift, Space, Backspace, Enter. */
const TEXT = [10, 10, 10, 10, 5];
/** The numeric pad: 1-9 in threes, then Close, 0, Backspace, Done. */
const NUMERIC = [3, 3, 3, 4];

describe('moveInGrid: arrows across the on-screen keys', () => {
  it('Left and Right read the keys in order, row after row', () => {
    expect(moveInGrid(TEXT, { row: 0, col: 3 }, 'ArrowRight')).toEqual({ row: 0, col: 4 });
    expect(moveInGrid(TEXT, { row: 0, col: 9 }, 'ArrowRight')).toEqual({ row: 1, col: 0 });
    expect(moveInGrid(TEXT, { row: 1, col: 0 }, 'ArrowLeft')).toEqual({ row: 0, col: 9 });
    expect(moveInGrid(NUMERIC, { row: 2, col: 2 }, 'ArrowRight')).toEqual({ row: 3, col: 0 });
  });

  it('Up and Down go to the key most nearly above or below', () => {
    expect(moveInGrid(TEXT, { row: 1, col: 4 }, 'ArrowDown')).toEqual({ row: 2, col: 4 });
    // 't' and 'y' sit over Space; 'p' over Enter.
    expect(moveInGrid(TEXT, { row: 3, col: 4 }, 'ArrowDown')).toEqual({ row: 4, col: 2 });
    expect(moveInGrid(TEXT, { row: 3, col: 9 }, 'ArrowDown')).toEqual({ row: 4, col: 4 });
    expect(moveInGrid(TEXT, { row: 4, col: 2 }, 'ArrowUp')).toEqual({ row: 3, col: 4 });
    // '8' is over '0' (a tie between '0' and Backspace goes left); Done is under '9'.
    expect(moveInGrid(NUMERIC, { row: 2, col: 1 }, 'ArrowDown')).toEqual({ row: 3, col: 1 });
    expect(moveInGrid(NUMERIC, { row: 3, col: 3 }, 'ArrowUp')).toEqual({ row: 2, col: 2 });
  });

  it('before the first key or above the top row is the field; past the last or below is the next control', () => {
    expect(moveInGrid(TEXT, { row: 0, col: 0 }, 'ArrowLeft')).toBe('before');
    expect(moveInGrid(TEXT, { row: 0, col: 6 }, 'ArrowUp')).toBe('before');
    expect(moveInGrid(TEXT, { row: 4, col: 4 }, 'ArrowRight')).toBe('after');
    expect(moveInGrid(NUMERIC, { row: 3, col: 0 }, 'ArrowDown')).toBe('after');
  });

  it('every key is reachable from the first by Right alone, each once', () => {
    for (const grid of [TEXT, NUMERIC]) {
      const seen: string[] = [];
      let at: GridMove = { row: 0, col: 0 };
      while (typeof at === 'object') {
        seen.push(`${at.row}:${at.col}`);
        at = moveInGrid(grid, at, 'ArrowRight');
      }
      expect(at).toBe('after');
      expect(seen).toHaveLength(grid.reduce((sum, length) => sum + length, 0));
      expect(new Set(seen).size).toBe(seen.length);
    }
  });
});

describe('nearestColumn', () => {
  it('keeps the column between rows of one length', () => {
    for (let col = 0; col < 10; col += 1) expect(nearestColumn(col, 10, 10)).toBe(col);
  });
  it('stays inside the target row', () => {
    for (let col = 0; col < 10; col += 1) {
      const to = nearestColumn(col, 10, 3);
      expect(to).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThan(3);
    }
  });
});
