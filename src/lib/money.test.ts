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

  it('rounds percentages to whole cents', () => {
    expect(percentOf(1005, 10)).toBe(101);
    expect(percentOf(1004, 10)).toBe(100);
    expect(percentOf(999, 20)).toBe(200);
  });
});
