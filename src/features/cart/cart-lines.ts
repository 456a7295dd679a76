import type { Product } from '@shared/product-rule';
import { clampQuantity, type CartLine } from './cart-rules';

/** How the cart's lines change: what the cart's store does on add, set and remove. */

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

export function isInCart(cart: CartLine[], productId: number): boolean {
  return cart.some((line) => line.productId === productId);
}
