/**
 * The page's order as main reads it: the kiosk's id added, only the known fields kept (so
 * nothing the page put beside them, about a shopper or otherwise, is kept or sent), titles
 * made into what the service stores, and anything the service would refuse refused here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TITLE_LENGTH,
  orderFromRequest,
  orderTitle,
} from '../../../fleet-agent/orders/order-request';
import { isOrderLineImage } from '../../../shared/fleet/orders/order-line-image';
import { shopOrderSchema } from '../../../shared/fleet/orders/shop-order';
import { fuzzParameters, hostilePayload } from '../../support/fixtures/hostile-payloads';

const KIOSK = 'kiosk-front-1';

const REQUEST = {
  receiptId: 'Receipt-1700000000123-42',
  at: 1_700_000_000_123,
  lines: [
    { productId: 3, title: 'Mens Cotton Jacket', quantity: 2, priceCents: 5599 },
    { productId: 7, title: 'White Gold Ring', quantity: 1, priceCents: 999 },
  ],
  totalCents: 12197,
};

describe('reading the page’s order', () => {
  it('adds the kiosk’s id and keeps exactly the order’s fields', () => {
    expect(orderFromRequest(REQUEST, KIOSK)).toEqual({ ...REQUEST, kioskId: KIOSK });
  });

  it('adds main’s collection number, never the page’s', () => {
    expect(orderFromRequest(REQUEST, KIOSK, { collectionNumber: 'H 12' })).toEqual({
      ...REQUEST,
      kioskId: KIOSK,
      collectionNumber: 'H 12',
    });
    expect(orderFromRequest({ ...REQUEST, collectionNumber: 'C 1' }, KIOSK)).toEqual({
      ...REQUEST,
      kioskId: KIOSK,
    });
    expect(orderFromRequest(REQUEST, KIOSK, { collectionNumber: 'H-12' })).toBeNull();
  });

  it('keeps nothing the page put beside the order’s fields', () => {
    const order = orderFromRequest(
      {
        ...REQUEST,
        kioskId: 'kiosk-someone-else',
        shopper: { email: 'someone@example.com' },
        lines: REQUEST.lines.map((line) => ({ ...line, note: 'for Alice' })),
      },
      KIOSK,
    );
    expect(order).toEqual({ ...REQUEST, kioskId: KIOSK });
    expect(JSON.stringify(order)).not.toMatch(/someone|Alice|shopper|note/);
  });

  it.each([
    ['no receipt id', { ...REQUEST, receiptId: 'Receipt-x' }],
    ['a total that is not the lines’ sum', { ...REQUEST, totalCents: 1 }],
    ['no lines', { ...REQUEST, lines: [], totalCents: 0 }],
    [
      'a product twice',
      { ...REQUEST, lines: [REQUEST.lines[0], REQUEST.lines[0]], totalCents: 22396 },
    ],
    [
      'a fractional price',
      { ...REQUEST, lines: [{ ...REQUEST.lines[1], priceCents: 9.5 }], totalCents: 9.5 },
    ],
    [
      'a quantity of 0',
      { ...REQUEST, lines: [{ ...REQUEST.lines[1], quantity: 0 }], totalCents: 0 },
    ],
    [
      '101 lines',
      {
        ...REQUEST,
        lines: Array.from({ length: 101 }, (_, i) => ({
          productId: i + 1,
          title: 'x',
          quantity: 1,
          priceCents: 1,
        })),
        totalCents: 101,
      },
    ],
    ['not an object', 'Receipt-1700000000123-42'],
    ['lines that are not a list', { ...REQUEST, lines: { 0: REQUEST.lines[0] } }],
  ])('refuses %s', (_name, request) => {
    expect(orderFromRequest(request, KIOSK)).toBeNull();
  });

  it('gives a line the picture the staff can see, and leaves out any other, never the line', () => {
    const withImages = (images: unknown[]) => ({
      ...REQUEST,
      lines: REQUEST.lines.map((line, i) => ({ ...line, image: images[i] })),
    });
    const https = 'https://fakestoreapi.com/img/71li-ujtlUL._AC_UX679_.jpg';
    // The embedded catalogue's own path names the service's drawing of the same product.
    expect(
      orderFromRequest(withImages(['/api/images/3.svg', https]), KIOSK, {
        embeddedCatalogue: true,
      })?.lines,
    ).toEqual([
      { ...REQUEST.lines[0], image: '/pick/images/3.svg' },
      { ...REQUEST.lines[1], image: https },
    ]);
    // With a catalogue host that path names nothing; an https URL stays what it was.
    expect(orderFromRequest(withImages(['/api/images/3.svg', https]), KIOSK)?.lines).toEqual([
      REQUEST.lines[0],
      { ...REQUEST.lines[1], image: https },
    ]);
    for (const bad of [
      'http://fakestoreapi.com/img/1.jpg',
      'https://user:pass@cdn.example.com/1.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      `https://cdn.example.com/${'a'.repeat(2000)}`,
      '/api/images/../3.svg',
      42,
      null,
    ]) {
      const order = orderFromRequest(withImages([bad, bad]), KIOSK, { embeddedCatalogue: true });
      expect(order, String(bad)).toEqual({ ...REQUEST, kioskId: KIOSK });
    }
  });

  it('makes a title one printable line of at most 200 units, cut between characters', () => {
    expect(orderTitle('  Ring\n\u0000with\ttabs  ', 7)).toBe('Ring with tabs');
    expect(orderTitle('\u0007\n ', 7)).toBe('Product 7');
    expect(orderTitle('bad \uD800 half', 7)).toBe('bad \uFFFD half');
    const long = `${'a'.repeat(MAX_TITLE_LENGTH - 1)}😀tail`;
    const cut = orderTitle(long, 7);
    expect(cut).toBe('a'.repeat(MAX_TITLE_LENGTH - 1));
    expect(cut.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(orderTitle('😀'.repeat(150), 7)).toBe('😀'.repeat(100));
  });

  it('reads random and mutated orders without throwing, and keeps only orders the service takes', () => {
    const seed = JSON.stringify(REQUEST);
    const decoder = new TextDecoder();
    fc.assert(
      fc.property(
        fc.oneof(
          hostilePayload([seed]).map((bytes): unknown => {
            try {
              return JSON.parse(decoder.decode(bytes));
            } catch {
              return decoder.decode(bytes);
            }
          }),
          fc.anything(),
          fc.record({
            receiptId: fc.constant(REQUEST.receiptId),
            at: fc.constant(REQUEST.at),
            lines: fc.array(
              fc.record({
                productId: fc.integer({ min: 1, max: 1000 }),
                title: fc.string({ unit: 'binary', maxLength: 400 }),
                quantity: fc.integer({ min: 1, max: 20 }),
                priceCents: fc.integer({ min: 0, max: 100_000 }),
                image: fc.oneof(
                  fc.string({ unit: 'binary', maxLength: 1200 }),
                  fc.webUrl({ withQueryParameters: true, withFragments: true }),
                  fc.webUrl().map((url) => url.replace(/^http:/, 'https:')),
                  fc.nat().map((id) => `/api/images/${id}.svg`),
                  fc.anything(),
                ),
              }),
              { maxLength: 5 },
            ),
            totalCents: fc.nat(),
          }),
        ),
        fc.boolean(),
        (request, embeddedCatalogue) => {
          const order = orderFromRequest(request, KIOSK, { embeddedCatalogue });
          if (order === null) return;
          expect(shopOrderSchema.safeParse(order).success).toBe(true);
          expect(order.kioskId).toBe(KIOSK);
          for (const line of order.lines) {
            expect(line.title).toMatch(/^[^\p{Cc}]{1,200}$/u);
            // No half of a surrogate pair alone, which PostgreSQL's JSON refuses.
            expect(() => encodeURIComponent(line.title)).not.toThrow();
            if (line.image !== undefined) expect(isOrderLineImage(line.image)).toBe(true);
          }
        },
      ),
      fuzzParameters(500),
    );
  }, 30_000);
});
