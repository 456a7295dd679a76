import type { Product } from '@shared/product-rule';
import type { CartLine } from './cart-rules';

export const SUGGESTION_COUNT = 3;

/** Up to 3 products not in the cart, those in the first cart item's category first. */
export function pickSuggestions(
  products: Product[],
  cart: CartLine[],
  count = SUGGESTION_COUNT,
): Product[] {
  const inCart = new Set(cart.map((line) => line.productId));
  const candidates = products.filter((product) => !inCart.has(product.id));
  const firstCategory = cart[0]?.productData.category;
  const sameCategory = candidates.filter((product) => product.category === firstCategory);
  const others = candidates.filter((product) => product.category !== firstCategory);
  return [...sameCategory, ...others].slice(0, count);
}
