/**
 * What a line's picture may be: an https URL without a login, or one of the service's demo
 * drawings; a line without one is still a line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  demoImagePath,
  isOrderLineImage,
  MAX_ORDER_IMAGE_LENGTH,
  orderLineImageSchema,
} from '../../../../shared/fleet/orders/order-line-image';
import { orderLineSchema } from '../../../../shared/fleet/orders/shop-order';
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from '../../../support/fixtures/hostile-payloads';

const LINE = { productId: 3, title: 'Mens Cotton Jacket', quantity: 2, priceCents: 5599 };

describe('an order line’s image', () => {
  it('is an https URL, or a drawing of the service’s demo catalogue', () => {
    for (const image of [
      'https://fakestoreapi.com/img/81fPKd-2AYL._AC_SL1500_.jpg',
      'https://cdn.example.com:8443/a/b.png?w=96&h=96#x',
      'https://CDN.EXAMPLE.COM/A.PNG',
      demoImagePath(3),
      '/pick/images/123456789.svg',
      `https://cdn.example.com/${'a'.repeat(MAX_ORDER_IMAGE_LENGTH - 24)}`,
    ]) {
      expect(isOrderLineImage(image), image).toBe(true);
      expect(orderLineSchema.parse({ ...LINE, image })).toEqual({ ...LINE, image });
    }
  });

  it('is never http, a login, another scheme, a path of its own or too long', () => {
    for (const image of [
      'http://fakestoreapi.com/img/1.jpg',
      'https://user:secret@cdn.example.com/1.png',
      'https://user@cdn.example.com/1.png',
      'javascript:alert(1)',
      'JavaScript://cdn.example.com/%0aalert(1)',
      'data:image/svg+xml,<svg/>',
      'blob:https://cdn.example.com/1',
      'file:///etc/passwd',
      'ftp://cdn.example.com/1.png',
      '//cdn.example.com/1.png',
      'https:///1.png',
      'HTTPS://CDN.EXAMPLE.COM/A.PNG',
      'https://',
      'https://cdn.example.com/a b.png',
      'https://cdn.example.com/a\tb.png',
      'https://cdn.example.com\\@evil.example/1.png',
      ' https://cdn.example.com/1.png',
      'https://cdn.example.com/é.png',
      '/api/images/3.svg',
      '/pick/images/0.svg',
      '/pick/images/3.svg?x',
      '/pick/images/../3.svg',
      '/pick/images/1234567890.svg',
      'images/3.svg',
      '',
      `https://cdn.example.com/${'a'.repeat(MAX_ORDER_IMAGE_LENGTH)}`,
    ]) {
      expect(isOrderLineImage(image), image).toBe(false);
      expect(orderLineSchema.safeParse({ ...LINE, image }).success, image).toBe(false);
    }
    expect(orderLineImageSchema.safeParse(42).success).toBe(false);
  });

  it('may be left out: a line from a kiosk from before images is taken as it was', () => {
    expect(orderLineSchema.parse(LINE)).toEqual(LINE);
    expect(orderLineSchema.parse(LINE)).not.toHaveProperty('image');
  });

  it(
    'is decided without throwing, whatever the text',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 1200 }),
            fc.webUrl({ withQueryParameters: true, withFragments: true }),
            fc.webUrl().map((url) => url.replace(/^http:/, 'https:')),
          ),
          (image) => {
            const verdict = isOrderLineImage(image);
            expect(orderLineImageSchema.safeParse(image).success).toBe(verdict);
            if (verdict && !image.startsWith('/')) {
              const url = new URL(image);
              expect(url.protocol).toBe('https:');
              expect(url.username + url.password).toBe('');
            }
          },
        ),
        fuzzParameters(500),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
