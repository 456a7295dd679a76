import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel';
import { CategoryList } from '@/features/catalogue/components/category-list';
import { Pagination } from '@/features/catalogue/components/pagination';
import { ProductCard } from '@/features/catalogue/components/product-card';
import { ImageHold } from '@/components/ui/product-image';
import { ProductCardSkeleton } from '@/features/catalogue/components/product-card-skeleton';
import { ProductGrid } from '@/features/catalogue/components/product-grid';
import { SearchForm } from '@/features/catalogue/components/search-form';
import type { Product } from '@shared/product-rule';
import {
  paginate,
  PAGE_SIZE,
  searchIndex,
  type CategoryValue,
} from '@/features/catalogue/catalogue-rules';
import { searchResults } from '@/features/catalogue/search-results';
import { useCatalogueParams } from '@/features/catalogue/use-catalogue-params';
import { useProducts } from '@/features/catalogue/api/products-query';
import { useSearchWarmUp } from '@/features/catalogue/use-search-warm-up';
import { cardListPrice } from '@/features/cart/pricing';
import { useCartStore } from '@/features/cart/store/cart-store';
import { afterNextPaint } from '@/lib/after-next-paint';
import { bringToTop } from '@/lib/bring-to-top';
import { whenIdle } from '@/lib/when-idle';
import { PageTitle } from './page-title';

const NO_PRODUCTS: Product[] = [];

interface CatalogueState {
  products: Product[];
  loading: boolean;
  error: string | null;
  retrying: boolean;
  onRetry: () => void;
}

/** The catalogue query; everything the shopper changes lives in CatalogueBrowser below. */
export function ProductsPage() {
  // Spec §7: fetched only when local storage holds no cached catalogue.
  const query = useProducts();
  const { refetch } = query;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  return (
    <CatalogueBrowser
      products={query.data ?? NO_PRODUCTS}
      loading={query.isPending || query.isFetching}
      error={query.isError ? query.error.message : null}
      retrying={query.isFetching}
      onRetry={onRetry}
    />
  );
}

/**
 * Search, categories, the grid and pagination. A search, a category or a page change
 * renders this and nothing above it: the catalogue query and the controls whose props did
 * not change sit it out, so the new grid reaches the screen sooner.
 */
const CatalogueBrowser = memo(function CatalogueBrowser({
  products,
  loading,
  error,
  retrying,
  onRetry,
}: CatalogueState) {
  const addToCart = useCartStore((state) => state.addToCart);
  const onAdd = useCallback((product: Product) => addToCart(product, 1), [addToCart]);
  const { search, category, page, update: updateParams } = useCatalogueParams();
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
  const current = paginate(filtered.products, page, PAGE_SIZE);
  // Ready before the first search, built while the shopper looks at the first page.
  useEffect(() => whenIdle(() => searchIndex(products)), [products]);

  let body;
  if (products.length > 0) {
    body = (
      <>
        {filtered.showingAllInstead && (
          <p role="status" className="mb-6 rounded-xl bg-brand-50 px-4 py-3 text-brand-800">
            No products match “{search}”. Showing the full catalogue instead.
          </p>
        )}
        <ImageHold.Provider value={holdImages}>
          <ProductGrid label="Products">
            {/* Keyed by place, not product: the next page updates six cards' texts and links
              instead of building six new ones, so it shows a frame sooner. */}
            {current.items.map((product, index) => (
              <li key={index}>
                <ProductCard
                  product={product}
                  listPrice={cardListPrice(product.price)}
                  onAdd={onAdd}
                  headingLevel="h2"
                  priority={index < 3 && !browsed}
                />
              </li>
            ))}
          </ProductGrid>
        </ImageHold.Provider>
        <Pagination page={current.page} totalPages={current.totalPages} onPage={onPage} />
      </>
    );
  } else if (error !== null) {
    body = <ErrorPanel message={error} onRetry={onRetry} retrying={retrying} />;
  } else if (loading) {
    body = (
      <>
        {/* Announced, not shown: the skeletons show it, and the grid must not jump when it goes. */}
        <p role="status" className="sr-only">
          Loading products…
        </p>
        <ProductGrid label="Loading products">
          {Array.from({ length: PAGE_SIZE }, (_, index) => (
            <li key={`skeleton-${index}`}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ProductGrid>
      </>
    );
  } else {
    body = (
      <p role="status" className="rounded-xl bg-tile px-4 py-6 text-center text-muted">
        The catalogue is empty right now. Please check back soon.
      </p>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle title="Products" />
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h1 id="catalogue-heading" className="scroll-mt-24 text-3xl font-bold sm:text-4xl">
              Products
            </h1>
            {search && !filtered.showingAllInstead && (
              <p className="mt-2 flex flex-wrap items-center gap-2 text-muted">
                Results for “{search}”
                <button
                  type="button"
                  className="btn-ghost min-h-11 px-3"
                  onClick={() => update({ search: '', page: 1 })}
                >
                  Clear search
                </button>
              </p>
            )}
          </div>
          <SearchForm onSearch={onSearch} onDraft={onDraft} />
        </div>
        <CategoryList active={category} onSelect={onCategory} />
      </div>
      <div className="mt-8">{body}</div>
    </div>
  );
});
