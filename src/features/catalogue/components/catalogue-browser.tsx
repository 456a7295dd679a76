import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Product } from '@shared/product-rule';
import { PageTitle } from '@/components/ui/page-title';
import type { Cents } from '@web-shared/lib/money';
import { afterNextPaint } from '@/lib/after-next-paint';
import { bringToTop } from '@/lib/bring-to-top';
import { useI18n } from '@/i18n/language-store';
import { whenIdle } from '@/lib/when-idle';
import { paginate, PAGE_SIZE, searchIndex, type CategoryValue } from '../catalogue-rules';
import { catalogueText } from '../catalogue.messages';
import { searchResults } from '../search-results';
import { useCatalogueParams } from '../use-catalogue-params';
import { useSearchWarmUp } from '../use-search-warm-up';
import { CatalogueResults } from './catalogue-results';
import { CategoryList } from './category-list';
import { SearchForm } from './search-form';

interface CatalogueBrowserProps {
  products: Product[];
  loading: boolean;
  error: string | null;
  retrying: boolean;
  onRetry: () => void;
  onAdd: (product: Product) => void;
  listPrice: (price: number) => Cents;
}

/**
 * Search, categories, the grid and pagination. A search, a category or a page change
 * renders this and nothing above it: the catalogue query and the controls whose props did
 * not change sit it out, so the new grid reaches the screen sooner.
 */
export const CatalogueBrowser = memo(function CatalogueBrowser({
  products,
  onAdd,
  listPrice,
  ...state
}: CatalogueBrowserProps) {
  const { search, category, page, update: updateParams } = useCatalogueParams();
  const { t } = useI18n();
  // The first grid's top row is the page's largest paint: its images load at once. After a
  // search, a category or a page change the grid paints first and images follow it.
  const [browsed, setBrowsed] = useState(false);
  // Starting six image downloads costs the main thread a few ms each time: the new cards'
  // texts paint first, and their images start right after that paint.
  const [holdImages, setHoldImages] = useState(false);
  useEffect(
    () => (holdImages ? afterNextPaint(() => setHoldImages(false)) : undefined),
    [holdImages],
  );
  const update: typeof updateParams = useCallback(
    (next) => {
      setBrowsed(true);
      setHoldImages(true);
      updateParams(next);
    },
    [updateParams],
  );
  const onSearch = useCallback(
    (term: string) => update({ search: term.trim(), page: 1 }),
    [update],
  );
  const onCategory = useCallback(
    (next: CategoryValue) => update({ category: next, page: 1 }),
    [update],
  );
  // Pagination sits below the grid: a new page is shown from its top, the heading above it.
  const cancelGlide = useRef<() => void>(undefined);
  useEffect(() => () => cancelGlide.current?.(), []);
  const onPage = useCallback(
    (next: number) => {
      update({ page: next });
      cancelGlide.current?.();
      cancelGlide.current = bringToTop(() => document.getElementById('catalogue-heading'));
    },
    [update],
  );

  // A catalogue can hold tens of thousands of products: filter only when the inputs change,
  // and work a search out while it is typed, so the tap on Search only draws the results.
  const filtered = useMemo(
    () => searchResults(products, search, category),
    [products, search, category],
  );
  const onDraft = useSearchWarmUp(products, category);
  // Ready before the first search, built while the shopper looks at the first page.
  useEffect(() => whenIdle(() => searchIndex(products)), [products]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle title={t(catalogueText.title)} />
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h1 id="catalogue-heading" className="scroll-mt-24 text-3xl font-bold sm:text-4xl">
              {t(catalogueText.heading)}
            </h1>
            {search && !filtered.showingAllInstead && (
              <p className="mt-2 flex flex-wrap items-center gap-2 text-muted">
                {t(catalogueText.resultsFor, { search })}
                <button
                  type="button"
                  className="btn-ghost min-h-11 px-3"
                  onClick={() => update({ search: '', page: 1 })}
                >
                  {t(catalogueText.clearSearch)}
                </button>
              </p>
            )}
          </div>
          <SearchForm onSearch={onSearch} onDraft={onDraft} />
        </div>
        <CategoryList active={category} onSelect={onCategory} />
      </div>
      <div className="mt-8">
        <CatalogueResults
          {...state}
          catalogueSize={products.length}
          search={search}
          filtered={filtered}
          page={paginate(filtered.products, page, PAGE_SIZE)}
          onPage={onPage}
          onAdd={onAdd}
          listPrice={listPrice}
          firstView={!browsed}
          holdImages={holdImages}
        />
      </div>
    </div>
  );
});
