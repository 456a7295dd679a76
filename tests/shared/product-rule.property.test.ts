/**
 * The renderer and the catalogue server read products by one rule (shared/product-rule.ts):
 * the renderer calls it directly, the server through its zod wrapper. Whatever either side
 * may one day add, the two must still give every input the same verdict and the same
 * product: 10,000 generated inputs, valid, at the boundaries and hostile.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeStoreProductSchema } from '../../server/catalogue/product-schema';
import { PRODUCT_LIMITS, parseProduct } from '../../shared/product-rule';

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
      const gone = FIELDS[Math.abs(Number(value) || 0) % FIELDS.length];
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
