import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadDemoCatalogue } from '../../../server/catalogue/demo-catalogue';
import { CATEGORIES } from '../../../server/catalogue/product-schema';

const words = (text: string): number => text.trim().split(/\s+/).length;

describe('the demo catalogue', () => {
  const products = loadDemoCatalogue();

  it('has 24 valid products with ids 1..24', () => {
    expect(products.map((p) => p.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('has six products in each of the four categories', () => {
    for (const category of CATEGORIES) {
      expect(products.filter((p) => p.category === category)).toHaveLength(6);
    }
  });

  it('prices in dollars and cents, with one or two big-ticket items', () => {
    for (const { price } of products) expect(Math.round(price * 100)).toBeCloseTo(price * 100, 6);
    const expensive = products.filter((p) => p.price >= 1000).length;
    expect(expensive).toBeGreaterThanOrEqual(1);
    expect(expensive).toBeLessThanOrEqual(2);
  });

  it('has titles the shop can cut to six words and readable descriptions', () => {
    for (const p of products) {
      expect(words(p.title)).toBeGreaterThanOrEqual(7);
      expect(words(p.title)).toBeLessThanOrEqual(12);
      expect(words(p.description)).toBeGreaterThanOrEqual(20);
      expect(words(p.description)).toBeLessThanOrEqual(45);
    }
  });

  it('includes half-star ratings', () => {
    expect(products.filter((p) => p.rating.rate % 1 === 0.5).length).toBeGreaterThanOrEqual(3);
  });

  it('gives every product art hints so its picture matches its title', () => {
    expect(products.every((p) => p.art !== undefined)).toBe(true);
  });
});

describe('loadDemoCatalogue(resourcesDir)', () => {
  it('reads from an explicit resources directory and drops bad items with a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
    mkdirSync(join(dir, 'catalogue'));
    const good = {
      id: 7,
      title: 'Linen Blouse',
      price: 34.99,
      description: 'Cool linen.',
      category: "women's clothing",
      image: 'images/7.svg',
      rating: { rate: 4.2, count: 3 },
    };
    const bad = { ...good, id: 8, price: 'free' };
    const duplicate = { ...good };
    writeFileSync(join(dir, 'catalogue', 'products.json'), JSON.stringify([good, bad, duplicate]));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(loadDemoCatalogue(dir).map((p) => p.id)).toEqual([7]);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });
});
