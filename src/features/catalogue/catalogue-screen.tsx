import { useCallback } from 'react';
import type { Product } from '@shared/product-rule';
import type { Cents } from '@web-shared/lib/money';
import { useWrittenScreenPass } from '@/lib/first-screen-pass';
import { useProducts } from './api/products-query';
import { CatalogueBrowser } from './components/catalogue-browser';

const NO_PRODUCTS: Product[] = [];

export interface CatalogueScreenProps {
  /** Puts one of the product in the cart: the page hands in the cart's action. */
  onAdd: (product: Product) => void;
  /** A card's struck-through "original" price, by the cart's pricing rule. */
  listPrice: (price: number) => Cents;
}

/**
 * The catalogue screen (spec §2, /products): the catalogue query; everything the shopper
 * changes lives in CatalogueBrowser. Both props must keep their identity, or every search
 * would render the whole screen again.
 */
export function CatalogueScreen({ onAdd, listPrice }: CatalogueScreenProps) {
  // Spec §7: fetched only when local storage holds no cached catalogue.
  const query = useProducts();
  const { refetch } = query;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  // The build writes this page loading (src/app/first-screens/); the catalogue's answer,
  // when it is already here as React takes the page over, shows a render later. A kept
  // page was kept with the cached catalogue's cards, and is taken over with them.
  const written = useWrittenScreenPass();
  return (
    <CatalogueBrowser
      products={written ? NO_PRODUCTS : (query.data ?? NO_PRODUCTS)}
      loading={written || query.isPending || query.isFetching}
      error={!written && query.isError ? query.error.message : null}
      retrying={query.isFetching}
      onRetry={onRetry}
      onAdd={onAdd}
      listPrice={listPrice}
    />
  );
}
