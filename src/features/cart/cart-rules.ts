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

/** Adding a product already in the cart increases its quantity; otherwise a line is appended. */
export function addLine(cart: CartLine[], product: Product, quantity: number): CartLine[] {
  const added = clampQuantity(quantity);
  const existing = cart.find((line) => line.productId === product.id);
  if (!existing) return [...cart, { productId: product.id, quantity: added, productData: product }];
  return cart.map((line) =>
    line.productId === product.id
      ? { ...line, quantity: clampQuantity(line.quantity + added) }
      : line,
  );
}

export function setLineQuantity(cart: CartLine[], productId: number, quantity: number): CartLine[] {
  return cart.map((line) =>
    line.productId === productId ? { ...line, quantity: clampQuantity(quantity) } : line,
  );
}

export function removeLine(cart: CartLine[], productId: number): CartLine[] {
  return cart.filter((line) => line.productId !== productId);
}

export function totalQuantity(cart: CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

export function isInCart(cart: CartLine[], productId: number): boolean {
  return cart.some((line) => line.productId === productId);
}

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
