import { useId } from 'react';
import { ShopLink } from '@/components/ui/shop-link';
import { Money } from '@/components/ui/money';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityControl } from '@/components/ui/quantity-control';
import { productCategory } from '@/features/catalogue/public';
import { useI18n } from '@/i18n/language-store';
import { cartText } from '../cart.messages';
import { MAX_QUANTITY, type CartLine } from '../cart-rules';
import { commitQuantityInput, digitsOnly } from '../quantity-input';
import { lineTotal } from '../pricing';

interface CartLineItemProps {
  line: CartLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

export function CartLineItem({ line, onQuantity, onRemove }: CartLineItemProps) {
  const titleId = useId();
  const product = line.productData;
  const shown = useI18n();
  const { t } = shown;
  return (
    <li className="flex gap-4 py-5 sm:gap-6">
      <ShopLink
        to={`/product/${product.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="w-24 shrink-0 sm:w-32"
      >
        <ProductImage src={product.image} alt={product.title} />
      </ShopLink>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h2
              id={titleId}
              className="text-base leading-snug font-semibold [overflow-wrap:anywhere] sm:text-lg"
            >
              <ShopLink
                to={`/product/${product.id}`}
                className="inline-flex min-h-11 items-center rounded hover:text-brand-700 hover:underline"
              >
                <bdi>{product.title}</bdi>
              </ShopLink>
            </h2>
            <p className="mt-1 text-xs font-semibold tracking-wider text-muted uppercase [overflow-wrap:anywhere]">
              {productCategory(product.category, shown)}
            </p>
          </div>
          <p className="text-lg font-bold">
            <span className="sr-only">{t(cartText.lineTotal)}</span>
            <Money cents={lineTotal(line)} />
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <QuantityControl
            value={line.quantity}
            onChange={onQuantity}
            sanitize={digitsOnly}
            commit={commitQuantityInput}
            max={MAX_QUANTITY}
            describedBy={titleId}
          />
          <button
            type="button"
            className="btn-ghost text-sale-700 hover:bg-sale-50"
            aria-describedby={titleId}
            data-cart-remove
            onClick={onRemove}
          >
            {t(cartText.remove)}
          </button>
        </div>
      </div>
    </li>
  );
}
