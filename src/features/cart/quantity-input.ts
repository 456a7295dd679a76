import { clampQuantity, MIN_QUANTITY } from './cart-rules';

/** The quantity field's rules (spec §5): what typing keeps, and what the field commits. */

/** What the quantity field keeps while typing: digits only (spec §5). */
export function digitsOnly(typed: string): string {
  return typed.replace(/\D+/g, '');
}

/** On blur or Enter: empty or 0 becomes 1; anything else is a clamped whole number. */
export function commitQuantityInput(typed: string): number {
  const digits = digitsOnly(typed);
  const value = digits === '' ? 0 : Number(digits);
  return value === 0 ? MIN_QUANTITY : clampQuantity(value);
}
