import { matchRoutes } from 'react-router';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productIdOf } from './early-product';

describe('the id a product page’s path names', () => {
  // The route as the app's route table writes it (src/app/routes.tsx).
  const table = [{ path: '/product/:id' }];

  it('is the id the router reads from it', () => {
    for (const path of [
      '/product/3',
      '/product/3/',
      '/PRODUCT/12',
      '/product/abc',
      '/product/007',
    ]) {
      const matched = matchRoutes(table, path)?.[0]?.params.id;
      expect(productIdOf(path), path).toBe(matched);
    }
  });

  it('is none for a path that is not a product’s', () => {
    for (const path of ['/products', '/product', '/product/', '/product/3/4', '/x/product/3']) {
      expect(productIdOf(path), path).toBeUndefined();
    }
  });

  it('is the router’s for any path the address may hold, and never throws (bounded property)', () => {
    // What a location's path holds unencoded. A '%' path is never painted (the early start
    // hides its page), so its decoding is the router's alone.
    const segment = fc.stringMatching(/^[\w\-.~!$&'()*+,;=:@]{0,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 3 }), fc.boolean(), (segments, upper) => {
        const path = `/${upper ? 'PRODUCT' : 'product'}/${segments.join('/')}`;
        expect(productIdOf(path), path).toBe(matchRoutes(table, path)?.[0]?.params.id);
      }),
      { numRuns: 300 },
    );
  });
});
