import type { ReactNode } from 'react';
import type { Product } from '@shared/product-rule';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageTitle } from '@/components/ui/page-title';
import { useI18n } from '@/i18n/language-store';
import { useFirstScreenPass } from '@/lib/first-screen-pass';
import { useProduct } from './api/product-query';
import { catalogueText } from './catalogue.messages';
import { shownError } from './shown-error';
import { BackToProducts } from './components/back-to-products';
import { ProductDetail } from './components/product-detail';
import { ProductSlot } from './components/product-slot';

export interface ProductScreenProps {
  /** The id from the URL, as typed: an id that names no product is the spec's error. */
  id: string;
  /** What a shopper can do with the product (the cart's quantity and add button). */
  purchase: (product: Product) => ReactNode;
}

/** The product detail screen (spec §2, /product/{id}): loading, error, or the product. */
export function ProductScreen({ id, purchase }: ProductScreenProps) {
  const query = useProduct(id);
  // The build writes this page loading; an answer already here shows a render later.
  const written = useFirstScreenPass();
  const shown = useI18n();
  const { t } = shown;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label={t(catalogueText.breadcrumb)} className="mb-6">
        <BackToProducts />
      </nav>
      {written || query.isPending ? (
        <>
          <PageTitle title={t(catalogueText.loadingProductTitle)} />
          <ProductSlot label={t(catalogueText.loadingProduct)} />
        </>
      ) : query.isError ? (
        <>
          <PageTitle title={t(catalogueText.unavailable)} />
          <h1 className="sr-only">{t(catalogueText.unavailable)}</h1>
          <ErrorPanel
            message={shownError(query.error.message, shown)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </>
      ) : (
        // Keyed by product: what the shopper chose for one (a quantity) is not the next one's.
        <ProductDetail key={query.data.id} product={query.data}>
          {purchase(query.data)}
        </ProductDetail>
      )}
    </div>
  );
}
