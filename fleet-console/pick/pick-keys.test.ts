// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { commandFor } from './pick-keys';

const counts = { new: 2, picking: 0, ready: 3, closed: 1 };

describe('the pick screen’s keys', () => {
  it('moves between orders with the arrows, skipping empty columns, and stays at the edges', () => {
    expect(commandFor('ArrowDown', null, counts)).toEqual({
      kind: 'focus',
      column: 'new',
      index: 0,
    });
    expect(commandFor('ArrowDown', { column: 'new', index: 1 }, counts)).toEqual({
      kind: 'focus',
      column: 'new',
      index: 1,
    });
    expect(commandFor('ArrowUp', { column: 'new', index: 1 }, counts)).toEqual({
      kind: 'focus',
      column: 'new',
      index: 0,
    });
    expect(commandFor('ArrowRight', { column: 'new', index: 1 }, counts)).toEqual({
      kind: 'focus',
      column: 'ready',
      index: 1,
    });
    expect(commandFor('ArrowRight', { column: 'ready', index: 2 }, counts)).toEqual({
      kind: 'focus',
      column: 'closed',
      index: 0,
    });
    expect(commandFor('ArrowRight', { column: 'closed', index: 0 }, counts)).toBeNull();
    expect(commandFor('ArrowLeft', { column: 'new', index: 0 }, counts)).toBeNull();
    expect(commandFor('Home', { column: 'ready', index: 2 }, counts)).toEqual({
      kind: 'focus',
      column: 'new',
      index: 0,
    });
  });

  it('moves the focused order on with Enter or Space, recalls with R and cancels with C', () => {
    const focus = { column: 'ready' as const, index: 0 };
    expect(commandFor('Enter', focus, counts)).toEqual({ kind: 'advance' });
    expect(commandFor(' ', focus, counts)).toEqual({ kind: 'advance' });
    expect(commandFor('r', focus, counts)).toEqual({ kind: 'recall' });
    expect(commandFor('C', focus, counts)).toEqual({ kind: 'cancel' });
    expect(commandFor('x', focus, counts)).toBeNull();
    // Nothing focused: only the arrows and Home do anything.
    expect(commandFor('Enter', null, counts)).toBeNull();
    expect(commandFor('ArrowDown', null, { new: 0, picking: 0, ready: 0, closed: 0 })).toBeNull();
  });
});
