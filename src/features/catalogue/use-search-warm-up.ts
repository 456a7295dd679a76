import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { whenIdle } from '@/lib/when-idle';
import type { Product } from '@shared/product-rule';
import type { CategoryValue } from './catalogue-rules';
import { searchResults } from './search-results';

/**
 * Returns a function to call with the search field's text as the shopper types. When the
 * shop is idle, it works out that search in the current category, so the tap on Search
 * only has to draw the results. Each new text drops the last one's pending work. The
 * function keeps its identity, so the search form need not render again.
 */
export function useSearchWarmUp(products: Product[], category: CategoryValue) {
  const latest = useRef({ products, category });
  useLayoutEffect(() => {
    latest.current = { products, category };
  });
  const cancel = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => cancel.current?.(), []);
  return useCallback((text: string) => {
    cancel.current?.();
    cancel.current = whenIdle(() => {
      cancel.current = undefined;
      searchResults(latest.current.products, text, latest.current.category);
    }, 1000);
  }, []);
}
