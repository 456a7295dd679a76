import { matchRoutes } from 'react-router';
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
});
