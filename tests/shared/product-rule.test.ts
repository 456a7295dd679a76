import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fakeStoreProductSchema } from '../../server/catalogue/product-schema';
import {
  isCatalogueImageUrl,
  parseProduct,
  parseProductList,
  PRODUCT_LIMITS,
  readProduct,
  type Product,
} from '../../shared/product-rule';

function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    title: 'Classic Oxford Shirt in Pale Blue Cotton',
    price: 10,
    description: 'A product described in more than twelve words, as a catalogue would describe it.',
    category: "men's clothing",
    image: 'https://catalogue.test/images/1.svg',
    rating: { rate: 4.5, count: 120 },
    ...overrides,
  };
}

describe('the product rule', () => {
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

  it('takes only positive ids: 0 names no product, as in a URL', () => {
    expect(parseProduct(makeProduct({ id: 0 }))).toBeNull();
    expect(parseProduct(makeProduct({ id: -0 }))).toBeNull();
    expect(parseProduct(makeProduct({ id: -3 }))).toBeNull();
    expect(parseProduct(makeProduct({ id: Number.MAX_SAFE_INTEGER }))?.id).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it('takes any category a catalogue has, trimmed, up to 100 characters', () => {
    expect(parseProduct(makeProduct({ category: ' Garden ' }))?.category).toBe('Garden');
    expect(parseProduct(makeProduct({ category: 'x'.repeat(100) }))).not.toBeNull();
    expect(parseProduct(makeProduct({ category: 'x'.repeat(101) }))).toBeNull();
  });

  it('keeps prices exact in cents: from 0 up to ten million dollars, -0 read as 0', () => {
    expect(parseProduct(makeProduct({ price: 0 }))?.price).toBe(0);
    expect(Object.is(parseProduct(makeProduct({ price: -0 }))?.price, 0)).toBe(true);
    expect(parseProduct(makeProduct({ price: 10_000_000 }))?.price).toBe(10_000_000);
    expect(parseProduct(makeProduct({ price: 10_000_000.01 }))).toBeNull();
  });

  it('gives a missing rating, description or image a safe default', () => {
    const { rating: _rating, ...rest } = makeProduct();
    const parsed = parseProduct({ ...rest, description: 42, image: null });
    expect(parsed).toMatchObject({ rating: { rate: 0, count: 0 }, description: '', image: '' });
  });

  it('keeps no image it must not load: it reads as none, and the product still sells', () => {
    for (const image of ['javascript:alert(1)', 'images/1.svg', '//evil.example/1.png']) {
      expect(parseProduct(makeProduct({ image }))?.image).toBe('');
    }
    expect(parseProduct(makeProduct({ image: '/api/images/1.svg' }))?.image).toBe(
      '/api/images/1.svg',
    );
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
    expect(parseProduct({ ...makeProduct(), rating: { rate: 4, count: 2.5 } })?.rating).toEqual({
      rate: 0,
      count: 0,
    });
  });

  it('keeps HTML in a title as plain text for React to escape', () => {
    const title = '<img src=x onerror=alert(1)> Ring';
    expect(parseProduct(makeProduct({ title }))?.title).toBe(title);
  });

  it('says why a product is refused, for the logs', () => {
    expect(readProduct(null)).toBe('not an object');
    expect(readProduct(makeProduct({ id: 0 }))).toMatch(/^id:/);
    expect(readProduct({ ...makeProduct(), title: 3 })).toMatch(/^title:/);
    expect(readProduct({ ...makeProduct(), price: 'free' })).toMatch(/^price:/);
  });
});

describe('isCatalogueImageUrl', () => {
  it.each([
    'https://fakestoreapi.com/img/81fPKd-2AYL._AC_SL1500_.jpg',
    'http://127.0.0.1:4555/images/1.svg',
    'HTTPS://CATALOGUE.EXAMPLE/IMG.PNG',
    '/api/images/1.svg',
    '/api/images/caf%C3%A9.svg',
  ])('loads %s', (src) => {
    expect(isCatalogueImageUrl(src)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:image/svg+xml,<svg onload="alert(1)"/>',
    'file:///etc/passwd',
    'blob:https://shop.example/1',
    'ftp://files.example/1.png',
    'app://shop/index.html',
    '//evil.example/1.png',
    '/\\evil.example/1.png',
    '/\t/evil.example/1.png',
    '/\n/evil.example/1.png',
    '\\\\evil.example\\1.png',
    'https:///evil.example/1.png',
    'https://',
    ' /api/images/1.svg',
    'images/1.svg',
    '',
    'not a url',
    `https://img.example/${'a'.repeat(2000)}.png`,
  ])('refuses %j', (src) => {
    expect(isCatalogueImageUrl(src)).toBe(false);
  });
});

/*
 * The renderer and the catalogue server read products by one rule (shared/product-rule.ts):
 * the renderer calls it directly, the server through its zod wrapper. Whatever either side
 * may one day add, the two must still give every input the same verdict and the same
 * product: 10,000 generated inputs, valid, at the boundaries and hostile.
 */

const RUNS = 10_000;

const text = (min: number, max: number) =>
  fc.string({ unit: 'grapheme', minLength: min, maxLength: max });

const imageUrl = fc.oneof(
  fc.webUrl({ validSchemes: ['http', 'https'] }),
  fc.webPath().map((path) => `/${path.replace(/^\/+/, '')}`),
);

const validProduct = fc.record({
  id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  title: text(1, 80).filter((title) => title.trim().length > 0),
  price: fc.double({ min: 0, max: PRODUCT_LIMITS.price, noNaN: true }),
  description: text(0, 200),
  category: fc.oneof(
    fc.constantFrom("men's clothing", "women's clothing", 'jewelery', 'electronics'),
    text(1, 40).filter((category) => category.trim().length > 0),
  ),
  image: imageUrl,
  rating: fc.record({
    rate: fc.double({ min: 0, max: PRODUCT_LIMITS.rate, noNaN: true }),
    count: fc.nat(),
  }),
});

const edgeNumber = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  5,
  5.000001,
  PRODUCT_LIMITS.price,
  PRODUCT_LIMITS.price + 0.01,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
);

const edgeString = fc.constantFrom(
  '',
  ' ',
  '\t\n',
  '\u00a0',
  '\u0000',
  'x'.repeat(PRODUCT_LIMITS.category),
  'x'.repeat(PRODUCT_LIMITS.category + 1),
  'x'.repeat(PRODUCT_LIMITS.title),
  'x'.repeat(PRODUCT_LIMITS.title + 1),
  `/${'x'.repeat(PRODUCT_LIMITS.image - 1)}`,
  `/${'x'.repeat(PRODUCT_LIMITS.image)}`,
  'x'.repeat(PRODUCT_LIMITS.description + 1),
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example/1.png',
  '/\\evil.example/1.png',
  '/\t/evil.example/1.png',
  'https:///evil.example',
  'https://',
  'HTTPS://CATALOGUE.EXAMPLE/1.PNG',
  'images/1.svg',
  '<img src=x onerror=alert(1)>',
  '__proto__',
  '10',
);

/** Anything a catalogue, a stored cart or an attacker could put in a field. */
const hostileValue = fc.oneof(
  edgeNumber,
  edgeString,
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(null, undefined, true, false, [], {}, [1], { rate: 4, count: 2 }),
  fc.anything({ maxDepth: 2 }),
);

const FIELDS = ['id', 'title', 'price', 'description', 'category', 'image', 'rating'] as const;

/** A valid product with one field (or its rating's rate or count) at an edge or hostile. */
const bentProduct = fc
  .tuple(
    validProduct,
    fc.constantFrom(...FIELDS, 'rating.rate', 'rating.count', 'missing', '__proto__'),
    hostileValue,
  )
  .map(([product, field, value]): unknown => {
    let bent: Record<string, unknown> = { ...product };
    if (field === 'rating.rate' || field === 'rating.count') {
      bent.rating = { ...product.rating, [field.slice(7)]: value };
    } else if (field === 'missing') {
      // Only a number picks the field: Number() of anything else may throw (an object with no
      // prototype has no way to become a primitive), which would fail the generator, not the rule.
      const pick = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
      const gone = FIELDS[Math.abs(pick) % FIELDS.length];
      bent = Object.fromEntries(Object.entries(bent).filter(([key]) => key !== gone));
    } else if (field === '__proto__') {
      Object.defineProperty(bent, '__proto__', { value, enumerable: true });
    } else {
      bent[field] = value;
    }
    return bent;
  });

const anyInput = fc.oneof(
  { arbitrary: validProduct, weight: 3 },
  { arbitrary: bentProduct, weight: 5 },
  { arbitrary: hostileValue, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

describe('the renderer and the server read products alike', () => {
  it(`give ${RUNS.toLocaleString('en-US')} valid, boundary and hostile inputs the same verdict and product`, () => {
    let accepted = 0;
    fc.assert(
      fc.property(anyInput, (input) => {
        const inRenderer = parseProduct(input);
        const onServer = fakeStoreProductSchema.safeParse(input);
        expect(onServer.success).toBe(inRenderer !== null);
        if (onServer.success) {
          expect(onServer.data).toEqual(inRenderer);
          // A product holds the rule's fields and nothing else, on a plain object.
          expect(Object.getPrototypeOf(inRenderer)).toBe(Object.prototype);
          expect(Object.keys(inRenderer ?? {}).sort()).toEqual([...FIELDS].sort());
          expect(Object.getPrototypeOf(inRenderer?.rating)).toBe(Object.prototype);
          expect(Object.keys(inRenderer?.rating ?? {}).sort()).toEqual(['count', 'rate']);
          accepted += 1;
        }
      }),
      { numRuns: RUNS },
    );
    // Both verdicts are exercised, not one of them by accident.
    expect(accepted).toBeGreaterThan(RUNS / 5);
    expect(accepted).toBeLessThan(RUNS - RUNS / 5);
  });
});
