import { CATEGORIES as CATALOGUE_CATEGORIES } from '@shared/categories';
import type { Product } from '@shared/product-rule';

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
  /**
   * Every lower-cased title, each followed by TITLE_END, as one string: one indexOf across
   * it finds the next matching title several times faster than `includes` on each title.
   */
  titles: string;
  /** Where each title starts in `titles`, plus where one more would start. */
  titleStarts: Int32Array;
  categories: string[];
  /** Each lower-cased category's products, in catalogue order: a category tap is a lookup. */
  byCategory: Map<string, Product[]>;
}

const searchIndexes = new WeakMap<readonly Product[], SearchIndex>();

/** Ends each title in the index; a title's own (a control character) reads as a space. */
const TITLE_END = '\u0000';

/** The title that the index position falls in (binary search over the starts). */
function titleAt(starts: Int32Array, position: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

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
    const titleStarts = new Int32Array(products.length + 1);
    let length = 0;
    const titles = products.map((product, i) => {
      titleStarts[i] = length;
      const title = product.title.toLowerCase().replaceAll(TITLE_END, ' ') + TITLE_END;
      length += title.length;
      return title;
    });
    titleStarts[products.length] = length;
    index = {
      titles: titles.join(''),
      titleStarts,
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
  const { titles, titleStarts, categories, byCategory } = searchIndex(products);
  if (needle === '') {
    const members = byCategory.get(category);
    return members
      ? { products: members, showingAllInstead: false }
      : { products, showingAllInstead: products.length > 0 };
  }
  const matches: Product[] = [];
  // A needle holding TITLE_END would match across titles; no title holds one.
  let found = needle.includes(TITLE_END) ? -1 : titles.indexOf(needle);
  while (found !== -1) {
    const i = titleAt(titleStarts, found);
    if (category === 'all' || categories[i] === category) matches.push(products[i] as Product);
    found = titles.indexOf(needle, titleStarts[i + 1]);
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
