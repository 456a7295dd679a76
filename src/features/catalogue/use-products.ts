import { useQuery } from '@tanstack/react-query';
import { useCatalogueUrl } from '@/platform/capabilities-context';
import type { Product } from '@shared/product-rule';
import { productQueries } from './api/product-queries';

/** The catalogue query of the products page: fetches when nothing is cached (spec §7). */
export function useCatalogue() {
  return useQuery(productQueries.all(useCatalogueUrl()));
}

/** The catalogue as far as it is known, without ever fetching it (cart suggestions). */
export function useKnownProducts(): Product[] {
  return useQuery({ ...productQueries.all(useCatalogueUrl()), enabled: false }).data ?? [];
}
