import { percentOf, toCents, type Cents } from '@web-shared/lib/money';
import type { CartLine } from './cart-rules';

export const TAX_PERCENT = 20;
export const SAVINGS_PERCENT = 10;

export function lineTotal(line: CartLine): Cents {
  return toCents(line.productData.price) * line.quantity;
}

export function subtotal(cart: CartLine[]): Cents {
  return cart.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** 10% of the subtotal whenever the cart has items (a valid voucher sets the same value). */
export function savingsFor(subtotalCents: Cents): Cents {
  return percentOf(subtotalCents, SAVINGS_PERCENT);
}

export function taxFor(subtotalCents: Cents): Cents {
  return percentOf(subtotalCents, TAX_PERCENT);
}

export interface OrderTotals {
  subtotal: Cents;
  savings: Cents;
  tax: Cents;
  total: Cents;
}

/** Total = subtotal + 20% tax − savings (spec §9). */
export function orderTotals(subtotalCents: Cents, savingsCents: Cents): OrderTotals {
  const tax = taxFor(subtotalCents);
  return {
    subtotal: subtotalCents,
    savings: savingsCents,
    tax,
    total: subtotalCents + tax - savingsCents,
  };
}

/** The struck-through price on list cards: price × 1.2, rounded down to whole dollars. */
export function cardListPrice(price: number): Cents {
  return Math.floor((toCents(price) * 12) / 1000) * 100;
}

/** The struck-through price on cart suggestions: price × 1.2 to the cent. */
export function suggestionListPrice(price: number): Cents {
  return Math.round((toCents(price) * 12) / 10);
}
