/**
 * What the order tests share: orders as a kiosk keeps them, and a kiosk's request
 * credentials made from the shop service tests' fleet (its receipt key and certificate).
 */
import { sign } from 'node:crypto';
import type { KioskRequestCredentials } from '../../../../fleet-agent/orders/kiosk-request';
import type { ShopOrder } from '../../../../shared/fleet/orders/shop-order';
import { newReceiptId, PREFIX, type TestKiosk } from '../../../services/shop/support/shop-world';

/** A confirmed order of `kioskId`, with a fresh receipt id, confirmed `at`. */
export function sampleOrder(
  kioskId = 'kiosk-front-1',
  at: number = Date.now(),
  overrides: Partial<ShopOrder> = {},
): ShopOrder {
  return {
    receiptId: newReceiptId(),
    kioskId,
    at,
    lines: [
      { productId: 3, title: 'Mens Cotton Jacket', quantity: 2, priceCents: 5599 },
      { productId: 7, title: 'White Gold Ring', quantity: 1, priceCents: 999 },
    ],
    totalCents: 12197,
    ...overrides,
  };
}

/** `kiosk`'s credentials, enrolled while `enrolled()` says so. */
export function credentialsOf(
  kiosk: TestKiosk,
  enrolled: () => boolean = () => true,
): KioskRequestCredentials {
  return {
    kioskId: kiosk.id,
    fleet: PREFIX,
    certificate: () => (enrolled() ? kiosk.envelope : null),
    sign: (bytes) => sign(null, bytes, kiosk.privateKey),
  };
}
