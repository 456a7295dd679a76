import { z } from 'zod';

// zod probes for eval with `new Function` when it first validates; the shop's strict CSP
// forbids eval, so every probe would log a CSP violation. Use the interpreter instead.
z.config({ jitless: true });

/**
 * A product as the FakeStore API sends it. Validated once at the boundary (catalogue
 * responses, stored values); inside the shop the type is trusted.
 */
export const productSchema = z.object({
  id: z.number().int().nonnegative(),
  title: z.string().trim().min(1).max(500),
  price: z.number().nonnegative().max(10_000_000),
  description: z.string().max(20_000).catch(''),
  category: z.string().trim().min(1).max(100),
  image: z.string().max(2_000).catch(''),
  rating: z
    .object({
      rate: z.number().min(0).max(5),
      count: z.number().int().nonnegative(),
    })
    .catch({ rate: 0, count: 0 }),
});

export type Product = z.infer<typeof productSchema>;

/** Keeps the valid products of an untrusted list; a bad item is dropped, never a crash. */
export function parseProductList(value: unknown, source: string): Product[] | null {
  if (!Array.isArray(value)) return null;
  const products: Product[] = [];
  let dropped = 0;
  for (const item of value) {
    const parsed = productSchema.safeParse(item);
    if (parsed.success) products.push(parsed.data);
    else dropped += 1;
  }
  if (dropped > 0) console.warn(`[catalogue] dropped ${dropped} invalid product(s) from ${source}`);
  return products;
}

export function parseProduct(value: unknown): Product | null {
  const parsed = productSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
