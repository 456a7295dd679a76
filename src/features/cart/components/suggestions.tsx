import type { Product } from '@shared/product-rule';
import { ProductCard } from '@/features/catalogue/public';
import { useI18n } from '@/i18n/language-store';
import { cartText } from '../cart.messages';
import { suggestionListPrice } from '../pricing';

export const SUGGESTION_DESCRIPTION_WORDS = 8;

/** 'People also bought': up to 3 cards, 8-word descriptions, struck price to the cent. */
export function Suggestions({
  products,
  onAdd,
}: {
  products: Product[];
  onAdd: (product: Product) => void;
}) {
  const { t } = useI18n();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="suggestions-heading" className="mt-16">
      <h2 id="suggestions-heading" className="mb-6 text-2xl font-bold">
        {t(cartText.suggestions)}
      </h2>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              listPrice={suggestionListPrice(product.price)}
              descriptionWords={SUGGESTION_DESCRIPTION_WORDS}
              onAdd={onAdd}
              headingLevel="h3"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
