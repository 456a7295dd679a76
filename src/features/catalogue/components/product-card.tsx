import { memo } from 'react';
import { ShopLink } from '@/components/ui/shop-link';
import { AddButton } from '@/components/ui/add-button';
import { Money } from '@/components/ui/money';
import { ProductImage } from '@/components/ui/product-image';
import { StarRating } from '@/components/ui/star-rating';
import type { Cents } from '@web-shared/lib/money';
import { toCents } from '@web-shared/lib/money';
import { useI18n } from '@/i18n/language-store';
import { truncateWords } from '@/lib/text';
import type { Product } from '@shared/product-rule';
import { catalogueText } from '../catalogue.messages';
import { productCategory } from '../product-category';
import { CARD_DESCRIPTION_WORDS, CARD_TITLE_WORDS } from './card-words';

interface ProductCardProps {
  product: Product;
  /** The struck "original" price: the list and the suggestions round it differently. */
  listPrice: Cents;
  descriptionWords?: number;
  onAdd: (product: Product) => void;
  headingLevel?: 'h2' | 'h3';
  /** The first row is the page's largest paint: load it at once, not lazily. */
  priority?: boolean;
}

/**
 * A catalogue card: everything the spec lists, the add button aligned at the bottom.
 * A grid may show another product in the same card (see ProductsPage), so what belongs to
 * one product (its image element, the add button's 'Added' tick) is reset by it.
 * Memoised: when the page renders again for the same products, the cards need not.
 */
export const ProductCard = memo(function ProductCard({
  product,
  listPrice,
  descriptionWords = CARD_DESCRIPTION_WORDS,
  onAdd,
  headingLevel: Heading = 'h2',
  priority = false,
}: ProductCardProps) {
  const href = `/product/${product.id}`;
  const shown = useI18n();
  const { t } = shown;
  return (
    <article className="card flex h-full flex-col overflow-hidden p-4">
      <div className="relative">
        <ShopLink to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage
            key={product.image}
            src={product.image}
            alt={product.title}
            priority={priority}
          />
        </ShopLink>
        <span className="absolute start-3 top-3 rounded-full bg-sale-700 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
          {t(catalogueText.hotSale)}
        </span>
      </div>
      <p className="mt-4 text-xs font-semibold tracking-wider text-muted uppercase">
        {productCategory(product.category, shown)}
      </p>
      <Heading className="mt-1 text-lg leading-snug font-semibold">
        <ShopLink
          to={href}
          title={product.title}
          // The catalogue's own words, in their own direction inside an Arabic page.
          dir="auto"
          className="line-clamp-2 min-h-11 rounded py-1 hover:text-brand-700 hover:underline"
        >
          {truncateWords(product.title, CARD_TITLE_WORDS)}
        </ShopLink>
      </Heading>
      <p dir="auto" className="card-description mt-2 line-clamp-3 text-sm text-muted">
        {truncateWords(product.description, descriptionWords)}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <StarRating rate={product.rating.rate} count={product.rating.count} />
        <span className="text-sm font-semibold text-emerald-800">
          {t(catalogueText.inStockOnCard)}
        </span>
      </div>
      <div className="mt-auto pt-4">
        <p className="mb-3 flex items-baseline gap-3">
          <Money cents={toCents(product.price)} className="text-2xl font-bold" />
          <Money cents={listPrice} struck className="text-base" />
        </p>
        <AddButton
          resetKey={product.id}
          label={t(catalogueText.addToCart)}
          onAdd={() => onAdd(product)}
          announcement={t(catalogueText.addedToCart, { title: product.title })}
          className="w-full"
        />
      </div>
    </article>
  );
});
