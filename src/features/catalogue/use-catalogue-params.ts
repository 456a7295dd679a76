import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useWrittenScreenPass } from '@/lib/first-screen-pass';
import { toCategory, toPageNumber, type CategoryValue } from './catalogue-rules';

export interface CatalogueParams {
  search: string;
  category: CategoryValue;
  page: number;
}

/** The whole catalogue's first page: what the build writes the products page with. */
const WRITTEN: CatalogueParams = { search: '', category: 'all', page: 1 };

function toQuery({ search, category, page }: CatalogueParams): URLSearchParams {
  const query = new URLSearchParams();
  if (search) query.set('q', search);
  if (category !== 'all') query.set('category', category);
  if (page > 1) query.set('page', String(page));
  return query;
}

/**
 * Search term, category and page live in the URL: shareable on the web, Back works.
 *
 * A change shows at once and reaches the URL after the next paint: writing the URL makes
 * the router render every route again (header, layout, page), which would otherwise stand
 * between the shopper's tap and the new grid. Until the location changes the page shows
 * what was asked for; once it changes (that write, or Back first) the URL is the truth
 * again. Leaving the page before the write drops it, so it never drags the shopper back.
 * `update` keeps its identity, so controls that take it need not render again.
 */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  const { key: locationKey } = useLocation();
  // What the shopper asked for and the URL does not hold yet. Forgotten at every new
  // location, or Back to the page it was asked on would show it again.
  const [requested, setRequested] = useState<CatalogueParams | null>(null);
  const [shownKey, setShownKey] = useState(locationKey);
  if (shownKey !== locationKey) {
    setShownKey(locationKey);
    setRequested(null);
  }
  // Taking over the written page (src/lib/first-screen-pass.ts), what it was written with;
  // the address's own a render later, so React sets every control it changes.
  const written = useWrittenScreenPass();
  const current: CatalogueParams = written
    ? WRITTEN
    : (requested ?? {
        search: params.get('q') ?? '',
        category: toCategory(params.get('category')),
        page: toPageNumber(params.get('page')),
      });

  const latest = useRef({ current, setParams });
  useLayoutEffect(() => {
    latest.current = { current, setParams };
  });
  const cancelWrite = useRef<(() => void) | undefined>(undefined);
  // A new location (the write, or Back before it) makes any pending write stale.
  useEffect(() => () => cancelWrite.current?.(), [locationKey]);

  const update = useCallback((next: Partial<CatalogueParams>) => {
    const merged = { ...latest.current.current, ...next };
    latest.current.current = merged;
    setRequested(merged);
    cancelWrite.current?.();
    cancelWrite.current = afterNextPaint(() => {
      cancelWrite.current = undefined;
      latest.current.setParams(toQuery(merged));
    });
  }, []);
  return { ...current, update };
}
