/**
 * A product as the FakeStore API sends it, validated once at the boundary (catalogue
 * responses, stored values); inside the shop the type is trusted.
 *
 * Hand-written rather than a schema library: it is on the first load of every screen (the
 * stored cart holds products), it runs over 50,000 items when a large catalogue arrives,
 * and the shop's strict CSP rules out the eval-based speed-ups such libraries reach for.
 */
export interface Product {
  id: number;
  title: string;
  price: number;
  description: string;
  category: string;
  image: string;
  rating: { rate: number; count: number };
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWhole = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

/** NaN fails both comparisons, and the bounds rule out the infinities. */
const isBetween = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && value >= min && value <= max;

/** Trimmed text of 1..max characters, or null. */
function name(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : null;
}

/** Optional text: anything that is not a short enough string becomes ''. */
const optionalText = (value: unknown, max: number): string =>
  typeof value === 'string' && value.length <= max ? value : '';

const NO_RATING = { rate: 0, count: 0 } as const;

function rating(value: unknown): Product['rating'] {
  if (!isFields(value)) return { ...NO_RATING };
  const { rate, count } = value;
  return isBetween(rate, 0, 5) && isWhole(count) ? { rate, count } : { ...NO_RATING };
}

/**
 * The product, or null when it cannot be sold: no whole id, no title or category, or a
 * price that is not a sane non-negative number. A missing description, image or rating
 * gets a safe default. Unknown fields are dropped, so nothing unchecked reaches storage.
 */
export function parseProduct(value: unknown): Product | null {
  if (!isFields(value)) return null;
  const { id, price } = value;
  const title = name(value.title, 500);
  const category = name(value.category, 100);
  if (!isWhole(id) || !isBetween(price, 0, 10_000_000) || title === null || category === null) {
    return null;
  }
  return {
    id,
    title,
    price,
    description: optionalText(value.description, 20_000),
    category,
    image: optionalText(value.image, 2_000),
    rating: rating(value.rating),
  };
}

/** Keeps the valid products of an untrusted list; a bad item is dropped, never a crash. */
export function parseProductList(value: unknown, source: string): Product[] | null {
  if (!Array.isArray(value)) return null;
  const products: Product[] = [];
  for (const item of value) {
    const product = parseProduct(item);
    if (product) products.push(product);
  }
  const dropped = value.length - products.length;
  if (dropped > 0) console.warn(`[catalogue] dropped ${dropped} invalid product(s) from ${source}`);
  return products;
}
