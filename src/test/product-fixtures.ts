import type { Product } from '@shared/product-rule';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Test product number ${id} with a long enough title`,
    price: 10,
    description:
      'A product used by the unit tests, described in more than twelve words for truncation.',
    category: "men's clothing",
    image: `https://catalogue.test/images/${id}.svg`,
    rating: { rate: 4.5, count: 120 },
    ...overrides,
  };
}
