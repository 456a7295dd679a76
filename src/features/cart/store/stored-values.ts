import { parseProduct } from '@shared/product-rule';
import { clampQuantity, type CartLine } from '../cart-rules';

/** The cart's three localStorage keys of the spec, with the original shop's JSON formats. */
export const CART_STORAGE_KEYS = {
  cart: 'cart',
  savings: 'savings',
  totalPriceBeforeTax: 'totalPriceBeforeTax',
} as const;

/**
 * A stored cart, validated: lines without a valid product are dropped, odd quantities
 * become a safe whole number, duplicate lines of one product are merged. A dropped line is
 * logged unless `quiet` (a second reader of the same lines: ../cart-count.ts).
 */
export function parseStoredCart(value: unknown, { quiet = false } = {}): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines = new Map<number, CartLine>();
  for (const item of value) {
    const product = isRecord(item) ? parseProduct(item.productData) : null;
    if (!product || !isRecord(item)) {
      if (!quiet) console.warn('[storage] dropped an invalid cart line');
      continue;
    }
    const quantity = clampQuantity(Number(item.quantity));
    const existing = lines.get(product.id);
    lines.set(product.id, {
      productId: product.id,
      quantity: existing ? clampQuantity(existing.quantity + quantity) : quantity,
      productData: product,
    });
  }
  return [...lines.values()];
}

/** savings / totalPriceBeforeTax: a non-negative dollar amount, else the default 0. */
export function parseStoredAmount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
