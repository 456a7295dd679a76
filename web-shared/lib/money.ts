/** Money is integer cents inside the shop; dollars only at the edges (catalogue, storage, screen). */
export type Cents = number;

import { groupThousands } from './digits';

/** For what the fast path does not write itself (a fraction of a cent, NaN, Infinity, -0, huge). */
let usd: Intl.NumberFormat | undefined;

/** Catalogue prices are dollars with cents as floats (109.95); round once to exact cents. */
export function toCents(dollars: number): Cents {
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;
}

export function toDollars(cents: Cents): number {
  return cents / 100;
}

/**
 * `$1,234.56` — dollar sign, thousands separators, two decimals: exactly what
 * Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) writes (money.test.ts
 * holds them together), without making an Intl formatter for whole cents (digits.ts: the
 * first one costs the page about 20 ms). Anything else is left to Intl itself.
 */
export function formatMoney(cents: Cents): string {
  // Beyond a hundred billion dollars Intl's own figure comes from a rounded double.
  if (!Number.isInteger(cents) || Math.abs(cents) >= 1e13 || Object.is(cents, -0)) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(cents / 100);
  }
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const dollars = groupThousands(digits.slice(0, -2));
  return `${cents < 0 ? '-' : ''}$${dollars}.${digits.slice(-2)}`;
}

/** Percentage of an amount, rounded half away from zero to whole cents. */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}
