import { groupThousands } from './digits';

/** For what the fast path does not write itself (a fraction, NaN, Infinity, -0). */
let counts: Intl.NumberFormat | undefined;

/**
 * A whole count for people: thousands separators, never exponent notation ('1,000'),
 * exactly as Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }) writes it (count's
 * test holds them together), without an Intl formatter for whole numbers (digits.ts says why).
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count) || Object.is(count, -0)) {
    counts ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return counts.format(count);
  }
  return `${count < 0 ? '-' : ''}${groupThousands(String(Math.abs(count)))}`;
}
