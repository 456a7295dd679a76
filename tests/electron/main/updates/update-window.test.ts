import { describe, expect, it } from 'vitest';
import { parseUpdateWindow } from '../../../../shared/kiosk-config/update-window';
import {
  isInsideWindow,
  nextWindowStart,
  windowEnd,
} from '../../../../electron/main/updates/update-window';

/** A local time on 2026-11-23. */
const at = (hours: number, minutes = 0, day = 23) => new Date(2026, 10, day, hours, minutes);

describe('the maintenance window', () => {
  it('knows when it is open, on the same day', () => {
    const window = parseUpdateWindow('02:00-04:00');
    expect(isInsideWindow(window, at(1, 59))).toBe(false);
    expect(isInsideWindow(window, at(2, 0))).toBe(true);
    expect(isInsideWindow(window, at(3, 59))).toBe(true);
    expect(isInsideWindow(window, at(4, 0))).toBe(false);
    expect(isInsideWindow(null, at(3))).toBe(false);
  });

  it('knows when it is open across midnight', () => {
    const window = parseUpdateWindow('23:30-01:00');
    expect(isInsideWindow(window, at(23, 29))).toBe(false);
    expect(isInsideWindow(window, at(23, 45))).toBe(true);
    expect(isInsideWindow(window, at(0, 30))).toBe(true);
    expect(isInsideWindow(window, at(1, 0))).toBe(false);
    expect(isInsideWindow(window, at(12))).toBe(false);
  });

  it('finds the next opening and the closing of the open window', () => {
    const window = parseUpdateWindow('23:30-01:00');
    if (!window) throw new Error('no window');
    expect(nextWindowStart(window, at(12))).toEqual(at(23, 30));
    expect(nextWindowStart(window, at(23, 30))).toEqual(at(23, 30, 24));
    expect(nextWindowStart(window, at(0, 30))).toEqual(at(23, 30));
    expect(windowEnd(window, at(23, 45))).toEqual(at(1, 0, 24));
    expect(windowEnd(window, at(0, 30))).toEqual(at(1, 0));
  });
});
