import type { ReactNode } from 'react';
import type { Product } from '@shared/product-rule';
import { Money } from '@/components/ui/money';
import { PageTitle } from '@/components/ui/page-title';
import { ProductImage } from '@/components/ui/product-image';
import { StarRating } from '@/components/ui/star-rating';
import { toCents } from '@web-shared/lib/money';
import { useI18n } from '@/i18n/language-store';
import { catalogueText } from '../catalogue.messages';
import { productCategory } from '../product-category';

/**
 * Everything the spec shows of one product; `children` is what the shopper can do with
 * it (the cart's quantity control, add button and Buy it now link), below the description.
 */
export function ProductDetail({ product, children }: { product: Product; children: ReactNode }) {
  const shown = useI18n();
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
        <p className="text-sm font-semibold tracking-wider text-muted uppercase [overflow-wrap:anywhere]">
          {productCategory(product.category, shown)}
        </p>
        <h1
          dir="auto"
          className="text-2xl leading-tight font-bold [overflow-wrap:anywhere] sm:text-3xl"
        >
          {product.title}
        </h1>
        <StarRating rate={product.rating.rate} count={product.rating.count} size="md" />
        <p className="text-3xl font-bold">
          <Money cents={toCents(product.price)} />
        </p>
        <p className="font-semibold text-emerald-800">{shown.t(catalogueText.inStock)}</p>
        <p dir="auto" className="leading-relaxed text-muted [overflow-wrap:anywhere]">
          {product.description}
        </p>
        {children}
      </div>
    </article>
  );
}
