import { useSearchParams } from 'react-router';
import { toCategory, toPageNumber, type CategoryValue } from './catalogue-rules';

export interface CatalogueParams {
  search: string;
  category: CategoryValue;
  page: number;
}

/** Search term, category and page live in the URL: shareable on the web, back button works. */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const category = toCategory(params.get('category'));
  const page = toPageNumber(params.get('page'));

  const update = (next: Partial<CatalogueParams>) => {
    const merged = { search, category, page, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('q', merged.search);
    if (merged.category !== 'all') query.set('category', merged.category);
    if (merged.page > 1) query.set('page', String(merged.page));
    setParams(query);
  };
  return { search, category, page, update };
}
