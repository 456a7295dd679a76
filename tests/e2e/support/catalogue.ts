/**
 * The demo catalogue as shipped in resources/catalogue/products.json: expected values
 * in the tests come from this file and the spec's formulas, never from the UI.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Product {
  id: number;
  title: string;
  description: string;
  category: string;
  price: number;
  image: string;
  rating: { rate: number; count: number };
}

export const CATEGORY_BUTTONS = [
  { label: 'All', category: null },
  { label: "Women's clothing", category: "women's clothing" },
  { label: "Men's clothing", category: "men's clothing" },
  { label: 'Jewelery', category: 'jewelery' },
  { label: 'Electronics', category: 'electronics' },
] as const;

export const PAGE_SIZE = 6;

export const DEMO_CATALOGUE_PATH = resolve(__dirname, '../../../resources/catalogue/products.json');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isProduct(value: unknown): value is Product {
  if (!isRecord(value)) return false;
  const rating = value.rating;
  return (
    typeof value.id === 'number' &&
    typeof value.title === 'string' &&
    typeof value.description === 'string' &&
    typeof value.category === 'string' &&
    typeof value.price === 'number' &&
    typeof value.image === 'string' &&
    isRecord(rating) &&
    typeof rating.rate === 'number' &&
    typeof rating.count === 'number'
  );
}

export function parseCatalogue(json: unknown, source: string): Product[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected an array of products`);
  return json.map((item: unknown, index) => {
    if (!isProduct(item)) throw new Error(`${source}: item ${index} is not a product`);
    return item;
  });
}

let cached: Product[] | undefined;

/** The 24-product demo catalogue (6 per category). */
export function demoCatalogue(): Product[] {
  if (!cached) {
    const json: unknown = JSON.parse(readFileSync(DEMO_CATALOGUE_PATH, 'utf8'));
    cached = parseCatalogue(json, DEMO_CATALOGUE_PATH);
  }
  return cached;
}

export function productById(id: number): Product {
  const product = demoCatalogue().find((p) => p.id === id);
  if (!product) throw new Error(`demo catalogue has no product ${id}`);
  return product;
}

export function productsInCategory(category: string): Product[] {
  return demoCatalogue().filter((p) => p.category === category);
}

/** The most expensive demo product (the one whose price needs thousands separators). */
export function priciestProduct(): Product {
  return demoCatalogue().reduce((a, b) => (b.price > a.price ? b : a));
}

/** A word that occurs (case-insensitively) in titles of exactly one category, 2+ times if possible. */
export function searchTermWithin(category: string): { term: string; matches: Product[] } {
  const all = demoCatalogue();
  let best: { term: string; matches: Product[] } | undefined;
  for (const product of productsInCategory(category)) {
    for (const raw of product.title.split(/\s+/)) {
      const term = raw.replace(/[^A-Za-z]/g, '');
      if (term.length < 4) continue;
      const matches = all.filter((p) => p.title.toLowerCase().includes(term.toLowerCase()));
      if (matches.every((p) => p.category === category)) {
        if (!best || matches.length > best.matches.length) best = { term, matches };
      }
    }
  }
  if (!best) throw new Error(`no title word is unique to ${category}`);
  return best;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Spec: title cut to 6 words, description to 12 (8 in cart suggestions), followed by '...'. */
export function truncateWords(text: string, words: number): string {
  return `${text.trim().split(/\s+/).slice(0, words).join(' ')}...`;
}

export const cardTitle = (p: Product): string => truncateWords(p.title, 6);
export const cardDescription = (p: Product): string => truncateWords(p.description, 12);
export const suggestionDescription = (p: Product): string => truncateWords(p.description, 8);

/**
 * A big FakeStore-shaped catalogue for quota/robustness tests. Images reuse URLs that the
 * server really serves (so no 404s), descriptions are long so the JSON runs to megabytes.
 */
export function bigCatalogue(
  count: number,
  imageUrls: string[],
  descriptionWords = 200,
): Product[] {
  const categories = ["men's clothing", "women's clothing", 'jewelery', 'electronics'];
  const words = ['sturdy', 'soft', 'classic', 'bright', 'modern', 'light', 'daily', 'smart'];
  const description = Array.from(
    { length: descriptionWords },
    (_, i) => words[i % words.length] ?? 'item',
  ).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `Generated product number ${i + 1} in the big catalogue`,
    description: `${description} ${i + 1}`,
    category: categories[i % categories.length] ?? 'electronics',
    price: ((i * 37) % 9000) / 100 + 1,
    image: imageUrls[i % imageUrls.length] ?? '',
    rating: { rate: ((i % 9) + 1) / 2, count: (i * 7) % 500 },
  }));
}
