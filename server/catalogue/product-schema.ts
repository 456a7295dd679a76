import { z } from 'zod';
import { CATEGORY_VALUES, type Category } from '../../shared/categories';

/** The four categories FakeStore (and so the shop's category list) knows, in shop order. */
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

/** One product exactly as FakeStore serves it. */
export const fakeStoreProductSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().trim().min(1),
  price: z.number().nonnegative(),
  description: z.string(),
  category: z.enum(CATEGORY_VALUES),
  image: z.string(),
  rating: z.object({
    rate: z.number().min(0).max(5),
    count: z.number().int().nonnegative(),
  }),
});
export type FakeStoreProduct = z.infer<typeof fakeStoreProductSchema>;

/** A product as the catalogue holds it: the FakeStore fields plus optional art hints. */
export const catalogueProductSchema = fakeStoreProductSchema.extend({
  art: productArtSchema.optional(),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

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
