// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import {
  CATEGORIES,
  filterProducts,
  paginate,
  PAGE_SIZE,
  toCategory,
  toPageNumber,
} from './catalogue-rules';

const products = [
  makeProduct({ id: 1, title: 'Slim Fit Cotton Shirt', category: "Men's Clothing" }),
  makeProduct({ id: 2, title: 'Silver Dragon Ring', category: 'jewelery' }),
  makeProduct({ id: 3, title: 'Rain Jacket for Women', category: "women's clothing" }),
  makeProduct({ id: 4, title: 'Portable SSD Drive', category: 'electronics' }),
];

describe('catalogue rules', () => {
  it('lists the spec categories in order', () => {
    expect(CATEGORIES.map((c) => c.label)).toEqual([
      'All',
      "Women's clothing",
      "Men's clothing",
      'Jewelery',
      'Electronics',
    ]);
  });

  it('search is a case-insensitive substring match on the title', () => {
    expect(filterProducts(products, 'rInG', 'all').products.map((p) => p.id)).toEqual([2]);
    expect(filterProducts(products, 'dr', 'all').products.map((p) => p.id)).toEqual([2, 4]);
  });

  it('search finds each title once, from the first to the last, and never across two', () => {
    const ids = (list: typeof products, term: string) =>
      filterProducts(list, term, 'all').products.map((p) => p.id);
    expect(ids(products, 'slim')).toEqual([1]);
    expect(ids(products, 'drive')).toEqual([4]);
    const repeated = [makeProduct({ id: 7, title: 'Ring ring ring' }), ...products];
    expect(ids(repeated, 'ring')).toEqual([7, 2]);
    // The end of one title and the start of the next are not one title.
    expect(filterProducts(products, 'shirtsilver', 'all').showingAllInstead).toBe(true);
    expect(filterProducts(products, 'shirt\u0000silver', 'all').showingAllInstead).toBe(true);
    // A control character in a title reads as a space; a search never matches it.
    const odd = [makeProduct({ id: 8, title: 'Odd\u0000Title' })];
    expect(ids(odd, 'odd title')).toEqual([8]);
    expect(filterProducts(odd, '\u0000', 'all').showingAllInstead).toBe(true);
  });

  it('the category filter matches the lower-cased category', () => {
    expect(filterProducts(products, '', "men's clothing").products.map((p) => p.id)).toEqual([1]);
    expect(filterProducts(products, '', 'electronics').products.map((p) => p.id)).toEqual([4]);
  });

  it('a category alone keeps catalogue order, and one with no products shows them all', () => {
    const mixed = [...products, { ...products[0]!, id: 9 }];
    expect(filterProducts(mixed, '', "men's clothing").products.map((p) => p.id)).toEqual([1, 9]);
    const none = products.filter((p) => p.category !== 'electronics');
    expect(filterProducts(none, '', 'electronics')).toEqual({
      products: none,
      showingAllInstead: true,
    });
    expect(filterProducts([], '', 'electronics')).toEqual({
      products: [],
      showingAllInstead: false,
    });
  });

  it('search and category combine', () => {
    expect(
      filterProducts(products, 'jacket', "women's clothing").products.map((p) => p.id),
    ).toEqual([3]);
  });

  it('an empty result shows the full catalogue again', () => {
    const result = filterProducts(products, 'zzz', 'all');
    expect(result.products).toEqual(products);
    expect(result.showingAllInstead).toBe(true);
    expect(filterProducts(products, 'ring', 'electronics').showingAllInstead).toBe(true);
  });

  it('paginates 6 per page and clamps odd page numbers', () => {
    const many = Array.from({ length: 20 }, (_, i) => i);
    expect(PAGE_SIZE).toBe(6);
    expect(paginate(many, 1)).toEqual({ items: [0, 1, 2, 3, 4, 5], page: 1, totalPages: 4 });
    expect(paginate(many, 4).items).toEqual([18, 19]);
    expect(paginate(many, 99).page).toBe(4);
    expect(paginate(many, -1).page).toBe(1);
    expect(paginate([], 1)).toEqual({ items: [], page: 1, totalPages: 1 });
  });

  it('reads category and page from the URL safely', () => {
    expect(toCategory('jewelery')).toBe('jewelery');
    expect(toCategory('<script>')).toBe('all');
    expect(toCategory(null)).toBe('all');
    expect(toPageNumber('3')).toBe(3);
    expect(toPageNumber('abc')).toBe(1);
    expect(toPageNumber('-2')).toBe(1);
    expect(toPageNumber('1.5')).toBe(1);
  });
});
