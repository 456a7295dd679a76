import type { Product } from '@shared/product-rule';
import { ErrorPanel } from '@/components/ui/error-panel';
import { ImageHold } from '@/components/ui/product-image';
import type { Cents } from '@web-shared/lib/money';
import { useI18n } from '@/i18n/language-store';
import { PAGE_SIZE, type FilterResult, type Page } from '../catalogue-rules';
import { catalogueText } from '../catalogue.messages';
import { shownError } from '../shown-error';
import { useCardsToRender } from '../use-cards-to-render';
import { Pagination, PaginationPlace } from './pagination';
import { ProductCard } from './product-card';
import { CardSlot } from './product-card-skeleton';
import { ProductGrid } from './product-grid';

interface CatalogueResultsProps {
  /** How many products the catalogue holds (0 while loading or after a failure). */
  catalogueSize: number;
  loading: boolean;
  error: string | null;
  retrying: boolean;
  onRetry: () => void;
  search: string;
  filtered: FilterResult;
  page: Page<Product>;
  onPage: (page: number) => void;
  onAdd: (product: Product) => void;
  listPrice: (price: number) => Cents;
  /** The first grid's top row is the page's largest paint: its images load at once. */
  firstView: boolean;
  holdImages: boolean;
}

/** The catalogue's states (spec §2): loaded (grid and pagination), error, loading, empty. */
export function CatalogueResults(props: CatalogueResultsProps) {
  const { page, filtered } = props;
  const cards = useCardsToRender(props.catalogueSize > 0 ? page.items.length : 0);
  const shown = useI18n();
  const { t } = shown;
  if (props.catalogueSize > 0) {
    return (
      <>
        {filtered.showingAllInstead && (
          <p role="status" className="mb-6 rounded-xl bg-brand-50 px-4 py-3 text-brand-800">
            {t(catalogueText.noMatch, { search: props.search })}
          </p>
        )}
        <ImageHold.Provider value={props.holdImages}>
          <ProductGrid
            label={t(catalogueText.products)}
            products={page.items.length}
            evenRows={cards < page.items.length}
          >
            {/* Keyed by place, not product: the next page updates six cards' texts and links
              instead of building six new ones, so it shows a frame sooner. A card still to
              come keeps its place, empty and hidden, as tall as the row above. */}
            {page.items.map((product, index) =>
              index < cards ? (
                <li key={index}>
                  <ProductCard
                    product={product}
                    listPrice={props.listPrice(product.price)}
                    onAdd={props.onAdd}
                    headingLevel="h2"
                    priority={index < 3 && props.firstView}
                  />
                </li>
              ) : (
                <li key={index} aria-hidden="true" />
              ),
            )}
          </ProductGrid>
        </ImageHold.Provider>
        <Pagination page={page.page} totalPages={page.totalPages} onPage={props.onPage} />
      </>
    );
  }
  if (props.error !== null) {
    return (
      <ErrorPanel
        message={shownError(props.error, shown)}
        onRetry={props.onRetry}
        retrying={props.retrying}
      />
    );
  }
  if (props.loading) {
    return (
      <>
        {/* Announced, not shown: the skeletons show it, and the grid must not jump when it goes. */}
        <p role="status" className="sr-only">
          {t(catalogueText.loadingProducts)}
        </p>
        <ProductGrid label={t(catalogueText.loadingGrid)}>
          {Array.from({ length: PAGE_SIZE }, (_, index) => (
            <CardSlot key={`skeleton-${index}`} />
          ))}
        </ProductGrid>
        {/* The pages' place, kept unseen: cards painted early (CardSlot), then the app's with
          their pages, leave everything where it was. */}
        <PaginationPlace />
      </>
    );
  }
  return (
    <p role="status" className="rounded-xl bg-tile px-4 py-6 text-center text-muted">
      {t(catalogueText.empty)}
    </p>
  );
}
