import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../../server/catalogue/generate-catalogue';
import { CATEGORIES, fakeStoreProductSchema } from '../../../server/catalogue/product-schema';

const FAKESTORE_KEYS = ['id', 'title', 'price', 'description', 'category', 'image', 'rating'];

describe('generateCatalogue', () => {
  it('makes exactly the requested number of products with ids 1..count', () => {
    const products = generateCatalogue({ count: 100 });
    expect(products).toHaveLength(100);
    expect(products.map((p) => p.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('makes valid FakeStore products with nothing extra', () => {
    for (const product of generateCatalogue({ count: 200, seed: 7 })) {
      expect(fakeStoreProductSchema.safeParse(product).success).toBe(true);
      expect(Object.keys(product)).toEqual(FAKESTORE_KEYS);
      expect(Math.round(product.price * 100)).toBeCloseTo(product.price * 100, 6);
    }
  });

  it('spreads products evenly over the four categories', () => {
    const products = generateCatalogue({ count: 400 });
    for (const category of CATEGORIES) {
      expect(products.filter((p) => p.category === category)).toHaveLength(100);
    }
  });

  it('is deterministic for a seed and varies between seeds', () => {
    expect(generateCatalogue({ count: 50, seed: 42 })).toEqual(
      generateCatalogue({ count: 50, seed: 42 }),
    );
    expect(generateCatalogue({ count: 50, seed: 42 })).not.toEqual(
      generateCatalogue({ count: 50, seed: 43 }),
    );
  });

  it('writes descriptions of the requested length', () => {
    const [product] = generateCatalogue({ count: 1, descriptionWords: 60 });
    expect(product!.description.split(' ')).toHaveLength(60);
  });

  // Its speed is a figure in `npm run bench`, not a timed assertion.
  it('makes a 50,000-product catalogue with unique ids', () => {
    const products = generateCatalogue({ count: 50_000 });
    expect(products).toHaveLength(50_000);
    expect(new Set(products.map((product) => product.id)).size).toBe(50_000);
  });

  it('makes an empty catalogue for 0 and refuses nonsense', () => {
    expect(generateCatalogue({ count: 0 })).toEqual([]);
    expect(() => generateCatalogue({ count: -1 })).toThrow(RangeError);
    expect(() => generateCatalogue({ count: 1.5 })).toThrow(RangeError);
  });
});
