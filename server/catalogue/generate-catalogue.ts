import { CATEGORIES, cyclicItem, type Category, type FakeStoreProduct } from './product-schema';

export interface GenerateCatalogueOptions {
  count: number;
  /** Same seed, same catalogue. */
  seed?: number;
  /** Words per description (default 24). */
  descriptionWords?: number;
}

interface Vocabulary {
  adjectives: string[];
  materials: string[];
  items: string[];
  extras: string[];
  priceRange: [number, number];
}

const VOCABULARY: Record<Category, Vocabulary> = {
  "men's clothing": {
    adjectives: [
      'Classic',
      'Slim Fit',
      'Relaxed',
      'Lightweight',
      'Heavyweight',
      'Tailored',
      'Everyday',
    ],
    materials: ['Cotton', 'Linen', 'Merino Wool', 'Organic Cotton', 'Denim', 'Fleece', 'Canvas'],
    items: ['Shirt', 'T-Shirt', 'Jacket', 'Sweater', 'Hoodie', 'Chinos', 'Backpack', 'Overcoat'],
    extras: [
      'with Chest Pocket',
      'for Everyday Wear',
      'with Ribbed Cuffs',
      'in Navy Blue',
      'for City Commutes',
    ],
    priceRange: [15, 180],
  },
  "women's clothing": {
    adjectives: ['Flowing', 'Cropped', 'High-Waisted', 'Soft', 'Tailored', 'Oversized', 'Elegant'],
    materials: [
      'Crepe',
      'Linen',
      'Cashmere Blend',
      'Ribbed Knit',
      'Satin',
      'Cotton Jersey',
      'Wool Blend',
    ],
    items: ['Wrap Dress', 'Blouse', 'Cardigan', 'Midi Skirt', 'Trench Coat', 'Hoodie', 'Sweater'],
    extras: [
      'with Tie Waist',
      'with Pearl Buttons',
      'for Layering',
      'in Forest Green',
      'with Side Pockets',
    ],
    priceRange: [18, 220],
  },
  jewelery: {
    adjectives: [
      'Delicate',
      'Polished',
      'Hand-Finished',
      'Minimalist',
      'Vintage-Inspired',
      'Twisted',
    ],
    materials: [
      'Sterling Silver',
      'Gold Plated',
      'Rose Gold',
      'White Gold',
      'Platinum',
      'Titanium',
    ],
    items: [
      'Stacking Ring',
      'Pendant Necklace',
      'Tennis Bracelet',
      'Hoop Earrings',
      'Chain Necklace',
    ],
    extras: ['with Freshwater Pearl', 'with Cubic Zirconia', 'with Blue Sapphire', 'in a Gift Box'],
    priceRange: [12, 900],
  },
  electronics: {
    adjectives: ['Portable', 'Wireless', 'Ultralight', 'Compact', 'High-Speed', 'Noise-Cancelling'],
    materials: ['1TB', '2TB', '27-Inch', '14-Inch', '6.1-Inch', 'USB-C', 'Bluetooth'],
    items: ['External Hard Drive', 'Laptop', 'Monitor', 'Smartphone', 'Headphones', 'NVMe SSD'],
    extras: [
      'with Fast Charging',
      'with 30-Hour Battery',
      'for Home Office',
      'with Three-Year Warranty',
    ],
    priceRange: [25, 1400],
  },
};

const DESCRIPTION_WORDS = (
  'made to last with careful stitching and quality materials that feel good every day ' +
  'easy to care for and designed for comfort whether at work at home or on the move ' +
  'a thoughtful choice backed by friendly support and simple returns within thirty days'
).split(' ');

/** mulberry32: tiny, fast and good enough to vary demo data reproducibly. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A large, valid FakeStore catalogue for load tests and demos: ids 1..count, the four
 * categories in turn, prices with cents, ratings 1–5 in tenths.
 */
export function generateCatalogue({
  count,
  seed = 1,
  descriptionWords = 24,
}: GenerateCatalogueOptions): FakeStoreProduct[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError('count must be a whole number ≥ 0');
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => cyclicItem(list, Math.floor(next() * list.length));
  const words = Math.max(1, Math.floor(descriptionWords));
  const products: FakeStoreProduct[] = new Array<FakeStoreProduct>(count);
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const category = cyclicItem(CATEGORIES, i);
    const v = VOCABULARY[category];
    const title = `${pick(v.adjectives)} ${pick(v.materials)} ${pick(v.items)} ${pick(v.extras)}`;
    const start = Math.floor(next() * DESCRIPTION_WORDS.length);
    const body: string[] = [];
    for (let w = 0; w < words; w++) body.push(cyclicItem(DESCRIPTION_WORDS, start + w));
    const description = `${body.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
    const [min, max] = v.priceRange;
    const price = Math.round((min + next() * (max - min)) * 100) / 100;
    products[i] = {
      id,
      title,
      price,
      description,
      category,
      image: `images/${id}.svg`,
      rating: { rate: Math.round((1 + next() * 4) * 10) / 10, count: Math.floor(next() * 1000) },
    };
  }
  return products;
}
