import { describe, expect, it } from 'vitest';
import { parsePlainDecimal } from '../../../shared/kiosk-config/decimal-text';

describe('numbers from text', () => {
  it.each([
    ['0', 0],
    ['16', 16],
    ['016', 16],
    ['999999999999999', 999_999_999_999_999],
  ])('reads %j as %d', (text, value) => {
    expect(parsePlainDecimal(text)).toBe(value);
  });

  it.each([
    '0x10',
    '1e2',
    ' 16',
    '16\n',
    '+16',
    '-1',
    '16.0',
    '.5',
    '0b10',
    '0o20',
    '1_000',
    '1,000',
    'Infinity',
    'NaN',
    '１６',
    '٣',
    '',
    '1234567890123456',
  ])('refuses %j, which Number() would read as something', (text) => {
    expect(parsePlainDecimal(text)).toBeNull();
  });
});
