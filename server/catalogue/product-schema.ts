import { z } from 'zod';
import { CATEGORY_VALUES, type Category } from '../../shared/categories';
import { readProduct, type Product } from '../../shared/product-rule';

/**
 * The four categories FakeStore (and so the shop's category list) knows, in shop order: the
 * generated and demo catalogues use these. A catalogue may hold others (the product rule
 * takes any category); they are listed after these.
 */
export const CATEGORIES = CATEGORY_VALUES;
export type { Category };

export const ART_KINDS = [
  'shirt',
  'tshirt',
  'jacket',
  'sweater',
  'cardigan',
  'hoodie',
  'trousers',
  'backpack',
  'dress',
  'coat',
  'blouse',
  'skirt',
  'ring',
  'necklace',
  'bracelet',
  'earrings',
  'laptop',
  'phone',
  'monitor',
  'drive',
  'ssd',
  'headphones',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, 'a #rrggbb colour');

/** The item at `index` (wrapping), for picking from fixed, non-empty word and colour lists. */
export function cyclicItem<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new RangeError('cannot pick from an empty list');
  return item;
}

/** Hints for the drawn product image; never part of the API output. */
export const productArtSchema = z.object({
  kind: z.enum(ART_KINDS),
  color: hexColour,
  /** A stone, pearl or detail colour where the kind has one. */
  accent: hexColour.optional(),
});
export type ProductArt = z.infer<typeof productArtSchema>;

/**
 * One product exactly as FakeStore serves it: the shared product rule (shared/product-rule.ts),
 * wrapped for zod so the server reads and reports it like its other data. The wrapper adds
 * nothing of its own: a rule about products belongs in the shared file, where the renderer
 * follows it too (tests/shared/product-rule.test.ts holds the two together).
 */
export const fakeStoreProductSchema = z.unknown().transform((value, context): Product => {
  const product = readProduct(value);
  if (typeof product === 'string') {
    context.addIssue({ code: 'custom', message: product });
    return z.NEVER;
  }
  return product;
});
export type FakeStoreProduct = z.output<typeof fakeStoreProductSchema>;

/** A product as the catalogue holds it: the FakeStore fields plus optional art hints. */
export const catalogueProductSchema = z
  .object({ art: productArtSchema.optional() })
  .and(fakeStoreProductSchema);
export type CatalogueProduct = z.output<typeof catalogueProductSchema>;

/**
 * Keeps the valid items of untrusted data; a bad item is dropped with a warning
 * rather than taking the whole catalogue down.
 */
export function parseCatalogue(data: unknown, source = 'catalogue'): CatalogueProduct[] {
  if (!Array.isArray(data)) {
    console.warn(`[catalogue] ${source}: expected an array of products, got ${typeof data}`);
    return [];
  }
  const products: CatalogueProduct[] = [];
  const seen = new Set<number>();
  data.forEach((item: unknown, index) => {
    const result = catalogueProductSchema.safeParse(item);
    if (!result.success) {
      console.warn(
        `[catalogue] ${source}: dropped item ${index}: ${z.prettifyError(result.error).replace(/\n/g, ' ')}`,
      );
      return;
    }
    if (seen.has(result.data.id)) {
      console.warn(`[catalogue] ${source}: dropped item ${index}: duplicate id ${result.data.id}`);
      return;
    }
    seen.add(result.data.id);
    products.push(result.data);
  });
  return products;
}
