// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { filterProducts } from './catalogue-rules';
import { searchResults } from './search-results';

const catalogue = () => [
  makeProduct({ id: 1, title: 'Slim Fit Cotton Shirt', category: "men's clothing" }),
  makeProduct({ id: 2, title: 'Silver Dragon Ring', category: 'jewelery' }),
  makeProduct({ id: 3, title: 'Shirt Dress', category: "women's clothing" }),
];

describe('searchResults', () => {
  it('finds what filterProducts finds', () => {
    const products = catalogue();
    for (const [term, category] of [
      ['shirt', 'all'],
      ['SHIRT ', "women's clothing"],
      ['zzz', 'all'],
      ['', 'jewelery'],
      ['', 'all'],
    ] as const) {
      expect(searchResults(products, term, category)).toEqual(
        filterProducts(products, term, category),
      );
    }
  });

  it('remembers a search: asked again, with other case or spaces, it is the same result', () => {
    const products = catalogue();
    const first = searchResults(products, 'shirt', 'all');
    expect(searchResults(products, 'shirt', 'all')).toBe(first);
    expect(searchResults(products, '  Shirt ', 'all')).toBe(first);
  });

  it('keeps searches apart by category and by catalogue', () => {
    const products = catalogue();
    const all = searchResults(products, 'shirt', 'all');
    const women = searchResults(products, 'shirt', "women's clothing");
    expect(women).not.toBe(all);
    expect(women.products.map((product) => product.id)).toEqual([3]);
    const other = catalogue();
    expect(searchResults(other, 'shirt', 'all')).not.toBe(all);
  });

  it('remembers the last four searches only', () => {
    const products = catalogue();
    const first = searchResults(products, 'a', 'all');
    for (const term of ['b', 'c', 'd']) searchResults(products, term, 'all');
    expect(searchResults(products, 'a', 'all')).toBe(first);
    for (const term of ['e', 'f', 'g', 'h']) searchResults(products, term, 'all');
    expect(searchResults(products, 'a', 'all')).not.toBe(first);
  });
});
