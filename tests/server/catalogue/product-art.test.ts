import { describe, expect, it } from 'vitest';
import { artFor, renderProductSvg } from '../../../server/catalogue/product-art';
import { ART_KINDS, CATEGORIES } from '../../../server/catalogue/product-schema';
import { generateCatalogue } from '../../../server/catalogue/generate-catalogue';

describe('product art', () => {
  it.each(ART_KINDS)('draws a %s as a square, script-free SVG', (kind) => {
    const svg = renderProductSvg({ kind, color: '#2f5d8a', accent: '#d6ecfb' }, 'A <title> & more');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 600"/);
    expect(svg).toContain('<title>A &#60;title&#62; &#38; more</title>');
    expect(svg).not.toMatch(/<script|\son\w+=|href=|NaN|undefined/);
  });

  it('draws each kind differently', () => {
    const drawings = new Set(ART_KINDS.map((kind) => renderProductSvg({ kind, color: '#2f5d8a' })));
    expect(drawings.size).toBe(ART_KINDS.length);
  });

  it('uses the product colour', () => {
    expect(renderProductSvg({ kind: 'dress', color: '#c4566f' })).toContain('#c4566f');
  });

  it('prefers the product art hints', () => {
    const art = { kind: 'ring', color: '#c99a2e' } as const;
    expect(artFor({ id: 5, category: 'electronics', art })).toBe(art);
  });

  it('picks a deterministic kind that fits the category when there are no hints', () => {
    const fits: Record<string, string[]> = {
      jewelery: ['ring', 'necklace', 'bracelet', 'earrings'],
      electronics: ['laptop', 'phone', 'monitor', 'drive', 'ssd', 'headphones'],
    };
    for (let id = 1; id <= 200; id++) {
      const category = CATEGORIES[id % 4]!;
      const art = artFor({ id, category });
      expect(artFor({ id, category })).toEqual(art);
      expect(fits[category] ?? ART_KINDS).toContain(art.kind);
    }
  });

  it('draws a product of a catalogue’s own category as its title names, else as any kind', () => {
    expect(artFor({ id: 4, title: 'Garden Hose Backpack', category: 'garden' }).kind).toBe(
      'backpack',
    );
    const art = artFor({ id: 9, title: 'Terracotta Plant Pot', category: 'garden' });
    expect(artFor({ id: 9, title: 'Terracotta Plant Pot', category: 'garden' })).toEqual(art);
    expect(ART_KINDS).toContain(art.kind);
    expect(renderProductSvg(art)).toMatch(/^<svg /);
  });
});

describe('art for products without hints', () => {
  it.each([
    ['Relaxed Cotton T-Shirt in Navy Blue', "men's clothing", 'tshirt'],
    ['Classic Linen Shirt with Chest Pocket', "men's clothing", 'shirt'],
    ['Elegant Wool Blend Trench Coat', "women's clothing", 'coat'],
    ['Polished Rose Gold Pendant Necklace', 'jewelery', 'necklace'],
    ['Compact 2TB External Hard Drive', 'electronics', 'drive'],
    ['Wireless Bluetooth Headphones with Fast Charging', 'electronics', 'headphones'],
  ] as const)('draws "%s" as what its title names', (title, category, kind) => {
    expect(artFor({ id: 11, title, category }).kind).toBe(kind);
  });

  it('draws every generated product as what its title names', () => {
    const nouns: Record<string, RegExp> = {
      tshirt: /T-Shirt/,
      shirt: /Shirt/,
      laptop: /Laptop/,
      ssd: /SSD/,
    };
    for (const product of generateCatalogue({ count: 400, seed: 3 })) {
      const { kind } = artFor(product);
      const noun = nouns[kind];
      if (noun) expect(product.title).toMatch(noun);
    }
  });
});
