import { useState } from 'react';
import type { Product } from '@shared/product-rule';
import { AddButton } from '@/components/ui/add-button';
import { QuantityControl } from '@/components/ui/quantity-control';
import { ShopLink } from '@/components/ui/shop-link';
import { useI18n } from '@/i18n/language-store';
import { cartText } from '../cart.messages';
import { isInCart } from '../cart-lines';
import { MAX_QUANTITY } from '../cart-rules';
import { commitQuantityInput, digitsOnly } from '../quantity-input';
import { useCartStore } from '../store/cart-store';

export const DEFAULT_DETAIL_QUANTITY = 1;

/**
 * The detail page's way into the cart (spec §2): a quantity (default 1), 'Add to cart'
 * with its 'Added' tick, and 'Buy it now' once the product is in the cart.
 */
export function AddToCartPanel({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(DEFAULT_DETAIL_QUANTITY);
  const addToCart = useCartStore((state) => state.addToCart);
  const inCart = useCartStore((state) => isInCart(state.cart, product.id));
  const { t } = useI18n();
  return (
    <>
      <div className="flex flex-wrap items-center gap-4 border-t border-slate-200 pt-6">
        <QuantityControl
          value={quantity}
          onChange={setQuantity}
          sanitize={digitsOnly}
          commit={commitQuantityInput}
          max={MAX_QUANTITY}
          size="lg"
        />
        <AddButton
          resetKey={product.id}
          label={t(cartText.addToCart)}
          onAdd={() => addToCart(product, quantity)}
          announcement={t(cartText.addedToCart, {
            quantity,
            title: product.title,
          })}
          className="min-h-12 flex-1 sm:flex-none sm:px-10"
        />
      </div>
      {inCart && (
        <ShopLink to="/cart" className="btn-secondary min-h-12 self-start">
          {t(cartText.buyNow)}
        </ShopLink>
      )}
    </>
  );
}
