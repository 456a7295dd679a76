import { describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { parseProduct, parseProductList } from './product-schema';

describe('product schema', () => {
  it('accepts a FakeStore product as is', () => {
    const product = makeProduct({ id: 7, price: 1299.99 });
    expect(parseProduct(product)).toEqual(product);
  });

  it('refuses what cannot be sold: no id, a fractional id, a negative or missing price, no title', () => {
    for (const bad of [
      { ...makeProduct(), id: undefined },
      { ...makeProduct(), id: 1.5 },
      { ...makeProduct(), price: -1 },
      { ...makeProduct(), price: '10' },
      { ...makeProduct(), title: '   ' },
      { ...makeProduct(), price: Number.NaN },
      { ...makeProduct(), price: Number.POSITIVE_INFINITY },
      { ...makeProduct(), id: 2 ** 53 },
      { ...makeProduct(), category: '' },
      [makeProduct()],
      null,
      'product',
    ]) {
      expect(parseProduct(bad)).toBeNull();
    }
  });

  it('gives a missing rating, description or image a safe default', () => {
    const { rating: _rating, ...rest } = makeProduct();
    const parsed = parseProduct({ ...rest, description: 42, image: null });
    expect(parsed).toMatchObject({ rating: { rate: 0, count: 0 }, description: '', image: '' });
  });

  it('keeps the valid items of a list and drops the rest with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const list = parseProductList(
      [makeProduct({ id: 1 }), { id: 'x' }, makeProduct({ id: 2 })],
      'test',
    );
    expect(list?.map((product) => product.id)).toEqual([1, 2]);
    expect(warn).toHaveBeenCalledOnce();
    expect(parseProductList({ not: 'a list' }, 'test')).toBeNull();
    warn.mockRestore();
  });

  it('trims names and drops fields the shop does not know, so nothing unchecked is stored', () => {
    const parsed = parseProduct({
      ...makeProduct({ title: '  Ring ' }),
      secret: 'x',
      __proto__: {},
    });
    expect(parsed?.title).toBe('Ring');
    expect(parsed && Object.keys(parsed).sort()).toEqual([
      'category',
      'description',
      'id',
      'image',
      'price',
      'rating',
      'title',
    ]);
  });

  it('refuses a whole rating that is out of range rather than half of it', () => {
    expect(parseProduct({ ...makeProduct(), rating: { rate: 6, count: 3 } })?.rating).toEqual({
      rate: 0,
      count: 0,
    });
  });

  it('keeps HTML in a title as plain text for React to escape', () => {
    const title = '<img src=x onerror=alert(1)> Ring';
    expect(parseProduct(makeProduct({ title }))?.title).toBe(title);
  });
});
