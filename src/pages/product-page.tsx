import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ShopLink } from '@/components/ui/shop-link';
import { AddButton } from '@/components/ui/add-button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Money } from '@/components/ui/money';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityControl } from '@/components/ui/quantity-control';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { toCents } from '@/lib/money';
import { useProduct } from '@/features/catalogue/api/product-query';
import type { Product } from '@shared/product-rule';
import {
  commitQuantityInput,
  digitsOnly,
  isInCart,
  MAX_QUANTITY,
} from '@/features/cart/cart-rules';
import { useCartStore } from '@/features/cart/store/cart-store';
import { PageTitle } from './page-title';

export const DEFAULT_DETAIL_QUANTITY = 1;

function ProductDetail({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(DEFAULT_DETAIL_QUANTITY);
  const addToCart = useCartStore((state) => state.addToCart);
  const inCart = useCartStore((state) => isInCart(state.cart, product.id));

  return (
    // Side by side on a landscape screen; stacked on a portrait one, where the image gets
    // the width and the add button stays on the first screen.
    <article className="grid gap-8 landscape:md:grid-cols-2 landscape:md:gap-12">
      <PageTitle title={product.title} />
      <ProductImage
        src={product.image}
        alt={product.title}
        priority
        className="w-full justify-self-center portrait:max-w-[min(100%,36rem)] landscape:md:sticky landscape:md:top-24 landscape:md:self-start"
      />
      <div className="flex flex-col gap-5">
        <p className="text-sm font-semibold tracking-wider text-muted uppercase">
          {product.category}
        </p>
        <h1 className="text-2xl leading-tight font-bold sm:text-3xl">{product.title}</h1>
        <StarRating rate={product.rating.rate} count={product.rating.count} size="md" />
        <p className="text-3xl font-bold">
          <Money cents={toCents(product.price)} />
        </p>
        <p className="font-semibold text-emerald-800">In stock</p>
        <p className="leading-relaxed text-muted">{product.description}</p>
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
            label="Add to cart"
            onAdd={() => addToCart(product, quantity)}
            announcement={`Added ${quantity} × ${product.title} to the cart.`}
            className="min-h-12 flex-1 sm:flex-none sm:px-10"
          />
        </div>
        {inCart && (
          <ShopLink to="/cart" className="btn-secondary min-h-12 self-start">
            Buy it now
          </ShopLink>
        )}
      </div>
    </article>
  );
}

/**
 * Back to the list the shopper came from (its category, search and page), which the kiosk
 * cannot do with a browser button; a deep link with no history goes to the catalogue.
 */
function BackToProducts() {
  const navigate = useNavigate();
  const cameFromApp = useLocation().key !== 'default';
  return (
    <ShopLink
      to="/products"
      className="btn-ghost -ml-3 px-3"
      onClick={(event) => {
        if (!cameFromApp) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      ← Back to products
    </ShopLink>
  );
}

export function ProductPage() {
  const { id = '' } = useParams();
  const query = useProduct(id);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb" className="mb-6">
        <BackToProducts />
      </nav>
      {query.isPending ? (
        // The image's square is held while loading, so the page does not jump when it comes.
        <div className="grid gap-8 landscape:md:grid-cols-2 landscape:md:gap-12">
          <PageTitle title="Loading product" />
          <div
            aria-hidden="true"
            className="aspect-square w-full justify-self-center rounded-xl bg-tile portrait:max-w-[min(100%,36rem)]"
          />
          <Spinner label="Loading product…" />
        </div>
      ) : query.isError ? (
        <>
          <PageTitle title="Product unavailable" />
          <h1 className="sr-only">Product unavailable</h1>
          <ErrorPanel
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </>
      ) : (
        <ProductDetail key={query.data.id} product={query.data} />
      )}
    </div>
  );
}
