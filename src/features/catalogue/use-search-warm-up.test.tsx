import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { fakeFrames } from '@/test/fake-frames';
import type * as CatalogueRules from './catalogue-rules';
import { filterProducts, type CategoryValue } from './catalogue-rules';
import { SearchForm } from './components/search-form';
import { searchResults } from './search-results';
import { useSearchWarmUp } from './use-search-warm-up';

vi.mock('./catalogue-rules', async (importOriginal) => {
  const actual = await importOriginal<typeof CatalogueRules>();
  return { ...actual, filterProducts: vi.fn(actual.filterProducts) };
});

const products = [
  makeProduct({ id: 1, title: 'Slim Fit Cotton Shirt', category: "men's clothing" }),
  makeProduct({ id: 2, title: 'Shirt Dress', category: "women's clothing" }),
];

function Shop({ category, onSearch }: { category: CategoryValue; onSearch: () => void }) {
  const onDraft = useSearchWarmUp(products, category);
  return <SearchForm onSearch={onSearch} onDraft={onDraft} />;
}

const field = () => screen.getByRole('searchbox', { name: 'Search products' });
const type = (text: string) => fireEvent.input(field(), { target: { value: text } });
const searchesWorkedOut = () =>
  vi.mocked(filterProducts).mock.calls.map(([, term, category]) => [term, category]);

describe('useSearchWarmUp', () => {
  beforeEach(() => {
    fakeFrames();
    vi.mocked(filterProducts).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('works the typed search out when idle, in the current category, only for the last text', () => {
    render(<Shop category="all" onSearch={() => undefined} />);
    type('s');
    type('sh');
    type('shirt');
    expect(searchesWorkedOut()).toEqual([]);
    vi.runAllTimers();
    expect(searchesWorkedOut()).toEqual([['shirt', 'all']]);
  });

  it('so the search itself is a lookup', () => {
    const onSearch = vi.fn();
    render(<Shop category="women's clothing" onSearch={onSearch} />);
    type('Dress');
    vi.runAllTimers();
    const worked = vi.mocked(filterProducts).mock.results[0]?.value as
      ReturnType<typeof filterProducts> | undefined;
    fireEvent.submit(field());
    expect(onSearch).toHaveBeenCalledWith('Dress');
    expect(searchResults(products, 'Dress', "women's clothing")).toBe(worked);
    expect(searchesWorkedOut()).toHaveLength(1);
  });

  it('follows the category the shopper is in when it changes', () => {
    const { rerender } = render(<Shop category="all" onSearch={() => undefined} />);
    rerender(<Shop category="men's clothing" onSearch={() => undefined} />);
    type('cotton');
    vi.runAllTimers();
    expect(searchesWorkedOut()).toEqual([['cotton', "men's clothing"]]);
  });

  it('drops pending work when the page goes', () => {
    const { unmount } = render(<Shop category="all" onSearch={() => undefined} />);
    type('shirt dress');
    unmount();
    vi.runAllTimers();
    expect(searchesWorkedOut()).toEqual([]);
  });
});
