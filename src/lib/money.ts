/** Money is integer cents inside the shop; dollars only at the edges (catalogue, storage, screen). */
export type Cents = number;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Catalogue prices are dollars with cents as floats (109.95); round once to exact cents. */
export function toCents(dollars: number): Cents {
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;
}

export function toDollars(cents: Cents): number {
  return cents / 100;
}

/** `$1,234.56` — dollar sign, thousands separators, two decimals. */
export function formatMoney(cents: Cents): string {
  return usd.format(cents / 100);
}

/** Percentage of an amount, rounded half away from zero to whole cents. */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}
