/** The maintenance window as config writes it: "HH:MM-HH:MM", of some length, may wrap midnight. */
import { describe, expect, it } from 'vitest';
import { parseUpdateWindow } from '../../../shared/kiosk-config/update-window';

describe('the maintenance window as config sets it', () => {
  it('reads HH:MM-HH:MM and refuses anything else or a window of no length', () => {
    expect(parseUpdateWindow('02:00-04:30')).toEqual({ start: 120, end: 270 });
    expect(parseUpdateWindow('23:30-01:00')).toEqual({ start: 1410, end: 60 });
    expect(parseUpdateWindow('')).toBeNull();
    expect(parseUpdateWindow('04:00-04:00')).toBeNull();
    expect(parseUpdateWindow('4:00-5:00')).toBeNull();
  });
});
