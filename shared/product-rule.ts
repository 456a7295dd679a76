/**
 * The one product rule: what a catalogue product is, for every runtime. The renderer reads
 * catalogue answers and stored carts with it (src/features/catalogue), and the embedded
 * catalogue server reads its data file with it, through a thin zod wrapper that adds nothing
 * (server/catalogue/product-schema.ts). tests/shared/product-rule.test.ts feeds
 * both entry points the same generated inputs and requires the same verdict.
 *
 * Plain code, no schema library: it is in the renderer's first download (the stored cart
 * holds products), it runs over 50,000 items when a large catalogue arrives, and the
 * shop's strict CSP rules out the eval-based speed-ups schema libraries reach for.
 *
 * The rule, as a demanding shop reads a FakeStore product:
 * - id: a positive safe integer (ids name URLs: /product/0 names nothing).
 * - title, category: text of 1..limit characters once trimmed; any category, since real
 *   catalogues have others (the shop's chips match the lower-cased category).
 * - price: a finite number from 0 to MAX_PRICE, so totals in integer cents stay exact.
 * - description, image, rating: a product can be sold without them. A missing or unusable
 *   one reads as '' / '' / no rating, never as a refusal. An image is an http(s) URL or a
 *   path on the shop's own origin; a rating is rate 0..5 and count a whole number ≥ 0.
 * - Unknown fields are dropped, so nothing unchecked reaches the screen or storage.
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

export const PRODUCT_LIMITS = {
  title: 500,
  category: 100,
  description: 20_000,
  image: 2_000,
  /** Ten million dollars: a billion cents, far inside the safe integers after any total. */
  price: 10_000_000,
  rate: 5,
} as const;

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole number from `min` up, small enough to be exact (ids, review counts). */
const isWhole = (value: unknown, min: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min;

/** NaN fails both comparisons, and the bounds rule out the infinities. */
const isBetween = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && value >= min && value <= max;

/** A product id: a positive safe integer. */
export const isProductId = (value: unknown): value is number => isWhole(value, 1);

/** Whitespace (which URL parsers drop or move), control characters, or a backslash (read as '/'). */
function hasUnsafeCharacter(src: string): boolean {
  for (let i = 0; i < src.length; i += 1) {
    const code = src.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0xa0) || code === 0x5c) return true;
  }
  return /\s/.test(src);
}

/** http:// or https://, then a host: never an empty one, which the parser would take from the path. */
const HTTP_URL = /^https?:\/\/[^/?#]/i;
/** One slash: '//host' and '/\host' are other hosts to a browser, not paths. */
const ROOT_PATH = /^\/(?!\/)/;

/**
 * Where a catalogue image may come from: an http(s) URL anywhere (the CSP still limits the
 * hosts) or a path on the shop's own origin. Never javascript:, data:, file: or blob:, a
 * relative path, or a string a browser would read as another host ('//host', '/\host',
 * '/<tab>/host'). Text only, no URL parser: every runtime reads it the same way.
 */
export function isCatalogueImageUrl(src: string): boolean {
  return (
    src.length <= PRODUCT_LIMITS.image &&
    (HTTP_URL.test(src) || ROOT_PATH.test(src)) &&
    !hasUnsafeCharacter(src)
  );
}

/** Trimmed text of 1..max characters, or null. */
function name(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : null;
}

const NO_RATING = { rate: 0, count: 0 } as const;

function rating(value: unknown): Product['rating'] {
  if (!isFields(value)) return { ...NO_RATING };
  const { rate, count } = value;
  return isBetween(rate, 0, PRODUCT_LIMITS.rate) && isWhole(count, 0)
    ? { rate: rate + 0, count }
    : { ...NO_RATING };
}

/**
 * The product, or why it cannot be sold (a short phrase for logs). `+ 0` turns -0 into 0,
 * so a price or rate reads the same after a trip through JSON.
 */
export function readProduct(value: unknown): Product | string {
  if (!isFields(value)) return 'not an object';
  const { id, price, description, image } = value;
  if (!isProductId(id)) return 'id: not a positive whole number';
  const title = name(value.title, PRODUCT_LIMITS.title);
  if (title === null) return `title: not text of 1 to ${PRODUCT_LIMITS.title} characters`;
  const category = name(value.category, PRODUCT_LIMITS.category);
  if (category === null) return `category: not text of 1 to ${PRODUCT_LIMITS.category} characters`;
  if (!isBetween(price, 0, PRODUCT_LIMITS.price)) {
    return `price: not a number from 0 to ${PRODUCT_LIMITS.price}`;
  }
  return {
    id,
    title,
    price: price + 0,
    description:
      typeof description === 'string' && description.length <= PRODUCT_LIMITS.description
        ? description
        : '',
    category,
    image: typeof image === 'string' && isCatalogueImageUrl(image) ? image : '',
    rating: rating(value.rating),
  };
}

/** The product, or null when it cannot be sold (see readProduct for why). */
export function parseProduct(value: unknown): Product | null {
  const product = readProduct(value);
  return typeof product === 'string' ? null : product;
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
