import type { Product } from '@shared/product-rule';
import { filterProducts, type CategoryValue, type FilterResult } from './catalogue-rules';

/** Enough for the search being typed, the one shown and a Back or two. */
const REMEMBERED = 4;

interface Remembered {
  needle: string;
  category: CategoryValue;
  result: FilterResult;
}

const recent = new WeakMap<readonly Product[], Remembered[]>();

/**
 * `filterProducts`, remembering the last few searches of each catalogue. A search can then
 * be worked out while the shopper is still typing (see `useSearchWarmUp`), and the tap on
 * Search finds it done. Callers must not change the arrays it returns.
 */
export function searchResults(
  products: Product[],
  search: string,
  category: CategoryValue,
): FilterResult {
  const needle = search.trim().toLowerCase();
  // Nothing to search: the whole catalogue or a category's list, both already at hand.
  if (needle === '') return filterProducts(products, search, category);
  const remembered = recent.get(products) ?? [];
  const known = remembered.find((entry) => entry.needle === needle && entry.category === category);
  if (known) return known.result;
  const result = filterProducts(products, search, category);
  recent.set(products, [{ needle, category, result }, ...remembered].slice(0, REMEMBERED));
  return result;
}
