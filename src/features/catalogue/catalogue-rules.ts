import { CATEGORIES as CATALOGUE_CATEGORIES } from '@shared/categories';
import type { Product } from './api/product-schema';

export const PAGE_SIZE = 6;

/** The spec's category list: All, then the catalogue's own; `value` is what the lower-cased product category must equal. */
export const CATEGORIES = [{ label: 'All', value: 'all' }, ...CATALOGUE_CATEGORIES] as const;

export type CategoryValue = (typeof CATEGORIES)[number]['value'];

export function toCategory(value: string | null): CategoryValue {
  return CATEGORIES.find((category) => category.value === value)?.value ?? 'all';
}

export interface FilterResult {
  products: Product[];
  /** True when nothing matched and the full catalogue is shown instead (spec §5). */
  showingAllInstead: boolean;
}

/** Case-insensitive title substring plus lower-cased category match. */
export function filterProducts(
  products: Product[],
  search: string,
  category: CategoryValue,
): FilterResult {
  const needle = search.trim().toLowerCase();
  const matches = products.filter(
    (product) =>
      (needle === '' || product.title.toLowerCase().includes(needle)) &&
      (category === 'all' || product.category.toLowerCase() === category),
  );
  if (matches.length === 0 && products.length > 0) {
    return { products, showingAllInstead: true };
  }
  return { products: matches, showingAllInstead: false };
}

export interface Page<T> {
  items: T[];
  page: number;
  totalPages: number;
}

/** One page of items; an out-of-range or odd page number lands on the nearest real page. */
export function paginate<T>(items: T[], requestedPage: number, pageSize = PAGE_SIZE): Page<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const page = Number.isInteger(requestedPage)
    ? Math.min(Math.max(requestedPage, 1), totalPages)
    : 1;
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page, totalPages };
}

export function toPageNumber(value: string | null): number {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}
