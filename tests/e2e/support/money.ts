/**
 * Money as the spec wants it: '$' with thousands separators and 2 decimals, computed in
 * integer cents so the expected values carry no floating-point noise.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const toCents = (dollars: number): number => Math.round(dollars * 100);

export const formatCents = (cents: number): string => usd.format(cents / 100);

export const money = (dollars: number): string => formatCents(toCents(dollars));

/** List cards: price x1.2 rounded down to whole dollars, e.g. $131.00. */
export const cardStruckPrice = (price: number): string =>
  usd.format(Math.floor((toCents(price) * 6) / 500));

/** Cart suggestions: price x1.2 with 2 decimals. 6c/5 is never exactly half a cent. */
export const suggestionStruckPrice = (price: number): string =>
  formatCents(Math.round((toCents(price) * 6) / 5));

export interface Totals {
  subtotal: number;
  savings: number;
  tax: number;
  total: number;
}

/**
 * Spec §9: savings 10% of the subtotal, tax 20%, total = subtotal + tax - savings (cents).
 * Throws when the chosen cart would need rounding: tests pick carts where it is exact.
 */
export function cartTotals(lines: readonly { price: number; quantity: number }[]): Totals {
  const subtotal = lines.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0);
  if (subtotal % 10 !== 0) {
    throw new Error(`test cart subtotal ${subtotal}c is not a multiple of 10c: pick another cart`);
  }
  const savings = subtotal / 10;
  const tax = subtotal / 5;
  return { subtotal, savings, tax, total: subtotal + tax - savings };
}

/** Expected totals of cart lines as the tests write them: [product, quantity] pairs. */
export function totalsOfLines(lines: readonly (readonly [{ price: number }, number])[]): Totals {
  return cartTotals(lines.map(([product, quantity]) => ({ price: product.price, quantity })));
}

/**
 * Quantities (1..10 each) for the given prices whose subtotal is a multiple of 10 cents, so
 * savings and tax are exact; prefers the fewest items.
 */
export function exactQuantities(prices: readonly number[]): number[] {
  let best: number[] | undefined;
  const walk = (index: number, chosen: number[]): void => {
    if (index === prices.length) {
      const sum = chosen.reduce((s, q, i) => s + toCents(prices[i] ?? 0) * q, 0);
      const items = chosen.reduce((s, q) => s + q, 0);
      if (sum % 10 === 0 && (!best || items < best.reduce((s, q) => s + q, 0))) best = [...chosen];
      return;
    }
    for (let q = 1; q <= 10; q += 1) walk(index + 1, [...chosen, q]);
  };
  walk(0, []);
  if (!best) throw new Error(`no exact quantities for prices ${prices.join(', ')}`);
  return best;
}
