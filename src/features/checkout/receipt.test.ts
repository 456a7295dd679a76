import { describe, expect, it } from 'vitest';
import { orderTotals } from '@/features/cart/public';
import { makeProduct } from '@/test/product-fixtures';
import { buildReceipt, createReceiptId, parseReceipt, toPrintableReceipt } from './receipt';

describe('receipt id', () => {
  it('is Receipt-{ms}-{0..999}', () => {
    expect(createReceiptId(1700000000123, 42)).toBe('Receipt-1700000000123-42');
    for (let i = 0; i < 200; i += 1) {
      const match = /^Receipt-(\d+)-(\d+)$/.exec(createReceiptId());
      expect(match).not.toBeNull();
      expect(Number(match?.[2])).toBeGreaterThanOrEqual(0);
      expect(Number(match?.[2])).toBeLessThanOrEqual(999);
    }
  });
});

describe('the receipt', () => {
  const shirt = makeProduct({ id: 1, title: 'Shirt', price: 109.95 });
  const ring = makeProduct({ id: 2, title: 'Ring', price: 22.3 });
  const cart = [
    { productId: 1, quantity: 2, productData: shirt },
    { productId: 2, quantity: 1, productData: ring },
  ];

  it('captures the lines and what was paid, in cents', () => {
    const receipt = buildReceipt(
      cart,
      orderTotals(24220, 2422),
      1700000000123,
      'Receipt-1700000000123-7',
    );
    expect(receipt).toEqual({
      id: 'Receipt-1700000000123-7',
      issuedAt: 1700000000123,
      lines: [
        {
          productId: 1,
          title: 'Shirt',
          quantity: 2,
          lineTotal: 21990,
          image: 'https://catalogue.test/images/1.svg',
        },
        {
          productId: 2,
          title: 'Ring',
          quantity: 1,
          lineTotal: 2230,
          image: 'https://catalogue.test/images/2.svg',
        },
      ],
      subtotal: 24220,
      savings: 2422,
      tax: 4844,
      total: 26642,
    });
  });

  it('reads back only a well-formed receipt', () => {
    const receipt = buildReceipt(
      cart,
      orderTotals(24220, 2422),
      1700000000123,
      'Receipt-1700000000123-7',
    );
    expect(parseReceipt(JSON.parse(JSON.stringify(receipt)))).toEqual(receipt);
    expect(parseReceipt(null)).toBeNull();
    // A line's image that is not one is dropped, and the line stands without it.
    const [first] = receipt.lines;
    const odd = parseReceipt({ ...receipt, lines: [{ ...first, image: 'javascript:alert(1)' }] });
    expect(odd?.lines).toEqual([{ productId: 1, title: 'Shirt', quantity: 2, lineTotal: 21990 }]);
    // A product without an image gives a line without one.
    const bare = buildReceipt(
      [{ productId: 1, quantity: 2, productData: { ...shirt, image: '' } }],
      orderTotals(21990, 0),
    );
    expect(bare.lines[0]).not.toHaveProperty('image');
    expect(parseReceipt({ ...receipt, id: 'Receipt-x' })).toBeNull();
    expect(parseReceipt({ ...receipt, total: 1.5 })).toBeNull();
    expect(parseReceipt({ ...receipt, lines: [{ title: 3 }] })).toBeNull();
  });

  it('reads back a kiosk’s collection number, and drops one that is not one', () => {
    const receipt = buildReceipt(
      cart,
      orderTotals(24220, 2422),
      1700000000123,
      'Receipt-1700000000123-7',
    );
    const numbered = { ...receipt, collectionNumber: 'C 27' };
    expect(parseReceipt(JSON.parse(JSON.stringify(numbered)))).toEqual(numbered);
    expect(parseReceipt({ ...receipt, collectionNumber: 'C-27' })).toEqual(receipt);
    expect(parseReceipt({ ...receipt, collectionNumber: 27 })).toEqual(receipt);
  });

  it('prints the collection number with the receipt, when the kiosk gave one', () => {
    const receipt = buildReceipt(
      cart,
      orderTotals(24220, 2422),
      1700000000123,
      'Receipt-1700000000123-7',
    );
    expect(toPrintableReceipt(receipt, 'en')).not.toHaveProperty('collectionNumber');
    expect(toPrintableReceipt({ ...receipt, collectionNumber: 'K 3' }, 'de')).toMatchObject({
      id: 'Receipt-1700000000123-7',
      language: 'de',
      collectionNumber: 'K 3',
    });
  });

  it('hands the printer what the slip shows, as data: no product ids, no subtotal', () => {
    const receipt = buildReceipt(
      cart,
      orderTotals(24220, 2422),
      1700000000123,
      'Receipt-1700000000123-7',
    );
    const slip = {
      id: 'Receipt-1700000000123-7',
      issuedAt: 1700000000123,
      lines: [
        { title: 'Shirt', quantity: 2, lineTotal: 21990 },
        { title: 'Ring', quantity: 1, lineTotal: 2230 },
      ],
      savings: 2422,
      tax: 4844,
      total: 26642,
    };
    expect(toPrintableReceipt(receipt, 'en')).toStrictEqual(slip);
    // In the shopper's language; the layout tests' pseudo-locale prints English.
    expect(toPrintableReceipt(receipt, 'ar')).toStrictEqual({ ...slip, language: 'ar' });
    expect(toPrintableReceipt(receipt, 'en-XA')).toStrictEqual(slip);
  });
});
