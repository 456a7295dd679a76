// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatSameDayClock } from './format';

describe('formatSameDayClock', () => {
  const at = (day: number, hour: number, minute: number) =>
    new Date(2026, 10, day, hour, minute).getTime();

  it('writes the time alone for a moment earlier the same day', () => {
    expect(formatSameDayClock(at(23, 14, 3), at(23, 18, 30))).toBe('14:03');
    expect(formatSameDayClock(at(23, 0, 5), at(23, 23, 59))).toBe('00:05');
  });

  it('names the day for a moment on another day, however close', () => {
    expect(formatSameDayClock(at(23, 23, 59), at(24, 0, 1))).toBe('Nov 23, 23:59');
    expect(formatSameDayClock(at(20, 9, 15), at(23, 9, 15))).toBe('Nov 20, 09:15');
  });

  it('writes the hour after midnight as 00, never 24', () => {
    expect(formatSameDayClock(at(22, 0, 5), at(23, 12, 0))).toBe('Nov 22, 00:05');
  });
});
