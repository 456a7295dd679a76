import { useCallback } from 'react';
import type { Product } from '@shared/product-rule';
import { useCartStore } from './store/cart-store';

/**
 * 'Add to Cart' on a card: one more of the product. Keeps its identity, so memoised cards
 * and the catalogue browser need not render again when the cart changes.
 */
export function useAddOne(): (product: Product) => void {
  const addToCart = useCartStore((state) => state.addToCart);
  return useCallback((product: Product) => addToCart(product, 1), [addToCart]);
}
