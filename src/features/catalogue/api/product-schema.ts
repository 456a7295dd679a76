import { z } from 'zod/mini';

// zod probes for eval with `new Function` when it first validates; the shop's strict CSP
// forbids eval, so every probe would log a CSP violation. Use the interpreter instead.
z.config({ jitless: true });

/**
 * A product as the FakeStore API sends it. Validated once at the boundary (catalogue
 * responses, stored values); inside the shop the type is trusted. zod/mini keeps the
 * shopper's download small.
 */
export const productSchema = z.object({
  id: z.int().check(z.nonnegative()),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  price: z.number().check(z.nonnegative(), z.lte(10_000_000)),
  description: z.catch(z.string().check(z.maxLength(20_000)), ''),
  category: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  image: z.catch(z.string().check(z.maxLength(2_000)), ''),
  rating: z.catch(
    z.object({
      rate: z.number().check(z.gte(0), z.lte(5)),
      count: z.int().check(z.nonnegative()),
    }),
    { rate: 0, count: 0 },
  ),
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
