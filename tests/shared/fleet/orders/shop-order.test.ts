import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderRequestSchema, shopOrderSchema } from '../../../../shared/fleet/orders/shop-order';
import { fuzzParameters, hostilePayload } from '../../../support/fixtures/hostile-payloads';

const order = {
  receiptId: 'Receipt-1700000000000-42',
  kioskId: 'kiosk-a',
  at: 1_700_000_000_000,
  lines: [
    { productId: 3, title: 'Mens Cotton Jacket', quantity: 2, priceCents: 5599 },
    { productId: 7, title: 'Ring', quantity: 1, priceCents: 999 },
  ],
  totalCents: 12197,
};

describe('a shop order', () => {
  it('is what a kiosk confirmed: lines and a total that adds up, nothing about the shopper', () => {
    expect(shopOrderSchema.parse(order)).toEqual(order);
    expect(shopOrderSchema.safeParse({ ...order, totalCents: 1 }).success).toBe(false);
    expect(shopOrderSchema.safeParse({ ...order, email: 'a@b.c' }).success).toBe(false);
    expect(
      shopOrderSchema.safeParse({
        ...order,
        lines: [order.lines[0], order.lines[0]],
        totalCents: 22396,
      }).success,
    ).toBe(false);
    expect(shopOrderSchema.safeParse({ ...order, lines: [], totalCents: 0 }).success).toBe(false);
  });

  it('carries the collection number the shopper was shown, when the kiosk gave one', () => {
    expect(shopOrderSchema.parse({ ...order, collectionNumber: 'C 27' })).toMatchObject({
      collectionNumber: 'C 27',
    });
    // A kiosk from before numbers sends none, and its order is still taken.
    expect(shopOrderSchema.parse(order)).not.toHaveProperty('collectionNumber');
    for (const bad of ['C-27', 'c 27', 'A 1', 'C 0', 'C 07', 'C 10000', '', 27, null]) {
      expect(shopOrderSchema.safeParse({ ...order, collectionNumber: bad }).success).toBe(false);
    }
  });

  it('reads whatever arrives without throwing', () => {
    fc.assert(
      fc.property(hostilePayload([JSON.stringify({ order })]), (bytes) => {
        let value: unknown;
        try {
          value = JSON.parse(new TextDecoder().decode(bytes));
        } catch {
          return;
        }
        expect(typeof orderRequestSchema.safeParse(value).success).toBe('boolean');
      }),
      fuzzParameters(300),
    );
  }, 30_000);
});
