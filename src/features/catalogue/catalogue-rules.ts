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

/** Lower-cased titles and categories, in catalogue order: what every search compares. */
interface SearchIndex {
  titles: string[];
  categories: string[];
  /** Each lower-cased category's products, in catalogue order: a category tap is a lookup. */
  byCategory: Map<string, Product[]>;
}

const searchIndexes = new WeakMap<readonly Product[], SearchIndex>();

/**
 * The catalogue's search index, built once per catalogue and remembered: lower-casing
 * 50,000 titles costs more than searching them, so it must not happen on every keystroke.
 * Call it early (when the shop is idle) to have it ready for the first search.
 */
export function searchIndex(products: readonly Product[]): SearchIndex {
  let index = searchIndexes.get(products);
  if (!index) {
    const categories = products.map((product) => product.category.toLowerCase());
    const byCategory = new Map<string, Product[]>();
    products.forEach((product, i) => {
      const key = categories[i] as string;
      const members = byCategory.get(key);
      if (members) members.push(product);
      else byCategory.set(key, [product]);
    });
    index = {
      titles: products.map((product) => product.title.toLowerCase()),
      categories,
      byCategory,
    };
    searchIndexes.set(products, index);
  }
  return index;
}

/** Case-insensitive title substring plus lower-cased category match. */
export function filterProducts(
  products: Product[],
  search: string,
  category: CategoryValue,
): FilterResult {
  const needle = search.trim().toLowerCase();
  if (needle === '' && category === 'all') return { products, showingAllInstead: false };
  const { titles, categories, byCategory } = searchIndex(products);
  if (needle === '') {
    const members = byCategory.get(category);
    return members
      ? { products: members, showingAllInstead: false }
      : { products, showingAllInstead: products.length > 0 };
  }
  const matches: Product[] = [];
  for (let i = 0; i < products.length; i += 1) {
    if (
      (category === 'all' || categories[i] === category) &&
      (needle === '' || (titles[i] as string).includes(needle))
    ) {
      matches.push(products[i] as Product);
    }
  }
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
