import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCatalogueUrl } from '@/platform/capabilities-context';
import type { Product } from './api/product-schema';
import { productQueries } from './api/product-queries';
import { ensureProductsKey, loadCachedProducts, PRODUCTS_KEY } from './products-cache';

/** The catalogue query of the products page: fetches when nothing is cached (spec §7). */
export function useCatalogue() {
  return useQuery(productQueries.all(useCatalogueUrl()));
}

/** The catalogue as far as it is known, without ever fetching it (cart suggestions). */
export function useKnownProducts(): Product[] {
  return useQuery({ ...productQueries.all(useCatalogueUrl()), enabled: false }).data ?? [];
}

/** Keeps the `products` key well-formed, and uses a catalogue that another tab cached. */
export function useProductsCache(): void {
  const queryClient = useQueryClient();
  const catalogueUrl = useCatalogueUrl();
  useEffect(ensureProductsKey, []);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== PRODUCTS_KEY && event.key !== null) return;
      const products = loadCachedProducts();
      if (products) queryClient.setQueryData(productQueries.all(catalogueUrl).queryKey, products);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient, catalogueUrl]);
}
