/**
 * The pick screen by keyboard alone, as a bump bar drives it (a bump bar is a keyboard):
 * the arrows move between orders (left and right between columns, up and down within one),
 * Enter or Space moves the order on a step, R recalls its last move, C cancels it (asking
 * why), Home goes to the oldest new order. Plain data in, what to do out.
 */
import type { Column } from './pick-orders';

export type KeyCommand =
  | { kind: 'focus'; column: Column; index: number }
  | { kind: 'advance' }
  | { kind: 'recall' }
  | { kind: 'cancel' }
  | null;

export const KEY_HELP: readonly [string, string][] = [
  ['← → ↑ ↓', 'move between orders'],
  ['Enter / Space', 'next step (Take, Ready, Handed over)'],
  ['R', 'recall the last move'],
  ['C', 'cancel, with a reason'],
  ['Home', 'oldest new order'],
];

export interface Focus {
  column: Column;
  index: number;
}

const ORDER: readonly Column[] = ['new', 'picking', 'ready', 'closed'];

/** The command for `key` with `focus` on the screen whose columns hold `counts` orders. */
export function commandFor(
  key: string,
  focus: Focus | null,
  counts: Readonly<Record<Column, number>>,
): KeyCommand {
  const filled = ORDER.filter((column) => counts[column] > 0);
  if (filled.length === 0) return null;
  const clamp = (column: Column, index: number): KeyCommand => ({
    kind: 'focus',
    column,
    index: Math.max(0, Math.min(index, counts[column] - 1)),
  });
  const first = filled[0] ?? 'new';
  if (key === 'Home') return clamp(counts.new > 0 ? 'new' : first, 0);
  if (focus === null || counts[focus.column] === 0) {
    return ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(key)
      ? clamp(first, 0)
      : null;
  }
  switch (key) {
    case 'ArrowUp':
      return clamp(focus.column, focus.index - 1);
    case 'ArrowDown':
      return clamp(focus.column, focus.index + 1);
    case 'ArrowLeft':
    case 'ArrowRight': {
      const step = key === 'ArrowLeft' ? -1 : 1;
      const at = filled.indexOf(focus.column);
      const next = filled[at + step];
      return next === undefined ? null : clamp(next, focus.index);
    }
    case 'Enter':
    case ' ':
      return { kind: 'advance' };
    case 'r':
    case 'R':
      return { kind: 'recall' };
    case 'c':
    case 'C':
      return { kind: 'cancel' };
    default:
      return null;
  }
}
