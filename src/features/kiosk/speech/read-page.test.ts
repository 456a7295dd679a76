import { describe, expect, it } from 'vitest';
import { readPage } from './read-page';

/** A products page: its heading, a grid of `shown` cards counting `products`, pagination. */
function catalogue(shown: number, products?: number): Document {
  const doc = document.implementation.createHTMLDocument('shop');
  const cards = Array.from({ length: 6 }, (_, index) =>
    index < shown
      ? '<li><article><h2>A product</h2></article></li>'
      : '<li aria-hidden="true"></li>',
  ).join('');
  const count = products === undefined ? '' : ` data-products="${products}"`;
  doc.body.innerHTML = `<main><h1>Products</h1><ul${count}>${cards}</ul>
    <nav data-pagination><p data-page="1" data-pages="4">Page 1 of 4</p></nav></main>`;
  return doc;
}

describe('readPage on the products page', () => {
  it('says the grid’s own count while its top row shows before the rest', () => {
    expect(readPage('/products', catalogue(2, 6))).toEqual({
      kind: 'catalogue',
      heading: 'Products',
      page: 1,
      pages: 4,
      products: 6,
    });
  });

  it('counts the cards where the grid gives no count it can read', () => {
    expect(readPage('/products', catalogue(6, Number.NaN))).toMatchObject({ products: 6 });
    const unmarked = catalogue(3);
    unmarked.querySelector('ul')?.setAttribute('data-products', '');
    expect(readPage('/products', unmarked)).toMatchObject({ products: 3 });
  });
});
