// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, percentOf, toCents, toDollars } from './money';

describe('money', () => {
  it('turns catalogue dollars into exact cents', () => {
    expect(toCents(109.95)).toBe(10995);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(Number.NaN)).toBe(0);
    expect(toDollars(10995)).toBe(109.95);
  });

  it('formats with a dollar sign, thousands separators and two decimals', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(100000000)).toBe('$1,000,000.00');
    expect(formatMoney(5)).toBe('$0.05');
  });

  it('writes every amount exactly as Intl.NumberFormat does (en-US, USD)', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13 + 1, max: 1e13 - 1 }), (cents) => {
        expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
    for (const cents of [0, -0, 1, -1, 99, 100, -100, 999_999, 1_000_000, 12.5, -0.4, 0.5]) {
      expect(formatMoney(cents), String(cents)).toBe(intl.format(cents / 100));
    }
    for (const odd of [Number.NaN, Infinity, -Infinity, 7_661_450_106_282_743, 1e13, -1e13]) {
      expect(formatMoney(odd), String(odd)).toBe(intl.format(odd / 100));
    }
  });

  it('rounds percentages to whole cents', () => {
    expect(percentOf(1005, 10)).toBe(101);
    expect(percentOf(1004, 10)).toBe(100);
    expect(percentOf(999, 20)).toBe(200);
  });
});
