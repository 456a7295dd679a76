// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rowForKey } from './row-keys';

describe('the kiosk table’s moving keys', () => {
  it('steps one row with the arrows and a page with Page Up/Down', () => {
    expect(rowForKey('ArrowDown', 4, 10_000, 8)).toBe(5);
    expect(rowForKey('ArrowUp', 4, 10_000, 8)).toBe(3);
    expect(rowForKey('PageDown', 4, 10_000, 8)).toBe(12);
    expect(rowForKey('PageUp', 12, 10_000, 8)).toBe(4);
  });

  it('goes to the ends with Home and End, and stops there', () => {
    expect(rowForKey('Home', 5000, 10_000, 8)).toBe(0);
    expect(rowForKey('End', 5, 10_000, 8)).toBe(9999);
    expect(rowForKey('PageDown', 9995, 10_000, 8)).toBe(9999);
    expect(rowForKey('PageUp', 3, 10_000, 8)).toBe(0);
    expect(rowForKey('ArrowDown', 9999, 10_000, 8)).toBeNull();
    expect(rowForKey('ArrowUp', 0, 10_000, 8)).toBeNull();
    expect(rowForKey('Home', 0, 10_000, 8)).toBeNull();
  });

  it('leaves every other key, and an empty list, alone', () => {
    expect(rowForKey('Enter', 3, 10, 8)).toBeNull();
    expect(rowForKey(' ', 3, 10, 8)).toBeNull();
    expect(rowForKey('Tab', 3, 10, 8)).toBeNull();
    expect(rowForKey('ArrowDown', 0, 0, 8)).toBeNull();
  });

  it('moves at least one row a page when no row fits in view', () => {
    expect(rowForKey('PageDown', 2, 10, 0)).toBe(3);
  });
});
