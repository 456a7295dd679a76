import type { Product } from '@shared/product-rule';

/** A cart line exactly as the original shop stored it: productData is a copy of the product. */
export interface CartLine {
  productId: number;
  quantity: number;
  productData: Product;
}

export const MIN_QUANTITY = 1;
/**
 * A stranger typing 99999999 must not produce a nonsense order, but a real bulk order must
 * fit: 9,999 per line, and the quantity control says so when it caps.
 */
export const MAX_QUANTITY = 9999;

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(Math.max(Math.trunc(quantity), MIN_QUANTITY), MAX_QUANTITY);
}

export function totalQuantity(cart: CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}
