// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PRINTABLE_RECEIPT_LIMITS } from '@shared/printable-receipt';
import { commitQuantityInput, digitsOnly } from './quantity-input';
import { MAX_QUANTITY } from './cart-rules';

describe('quantity field', () => {
  it('keeps only digits while typing', () => {
    expect(digitsOnly('1a2-b3 ')).toBe('123');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('-4')).toBe('4');
  });

  it('an empty value or 0 becomes 1 on commit', () => {
    expect(commitQuantityInput('')).toBe(1);
    expect(commitQuantityInput('0')).toBe(1);
    expect(commitQuantityInput('000')).toBe(1);
  });

  it('commits typed digits as a number, capped at the maximum', () => {
    expect(commitQuantityInput('007')).toBe(7);
    expect(commitQuantityInput('12')).toBe(12);
    expect(commitQuantityInput('99999999999999999999')).toBe(MAX_QUANTITY);
  });

  it('takes a real bulk order: no cap below 9,999 per line', () => {
    expect(MAX_QUANTITY).toBe(9999);
    expect(commitQuantityInput('1000')).toBe(1000);
    expect(commitQuantityInput('9999')).toBe(9999);
    expect(commitQuantityInput('10000')).toBe(9999);
  });

  it('is the quantity the kiosk’s main process accepts on a printed receipt', () => {
    expect(PRINTABLE_RECEIPT_LIMITS.quantity).toBe(MAX_QUANTITY);
  });
});
