/**
 * A confirmed order as a kiosk hands it to the shop service: which receipt, which kiosk,
 * when, what (product, title as shown, quantity, unit price, and the product's picture
 * when it has one the staff's screens can show) and the total, all in cents.
 * Nothing about the shopper. The collection number the shopper was shown ("C 27") comes
 * with it when the kiosk gave one; a kiosk from before numbers sends none, and an order
 * without one is still taken. The kiosk signs the request that carries it
 * (kiosk-request-signature.ts); the service keeps one order per kiosk and receipt.
 */
import { z } from 'zod';
import { COLLECTION_NUMBER_PATTERN } from '../../collection-number';
import { orderLineImageSchema } from './order-line-image';
import { certificateEnvelopeSchema } from '../trust/kiosk-certificate';
import { RECEIPT_ID_PATTERN, RECEIPT_LIMITS } from '../receipt-code';
import { isValidKioskId } from '../topics';

/** An order request is a few kilobytes at most: a hundred lines of titles. */
export const MAX_ORDER_REQUEST_BYTES = 64 * 1024;

const cents = z.int().min(0).max(RECEIPT_LIMITS.maxTotalCents);

export const orderLineSchema = z.strictObject({
  productId: z.int().min(1).max(RECEIPT_LIMITS.maxProductId),
  /** The title the shopper saw, kept so the order reads the same when the catalogue changes. */
  title: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]*$/u),
  quantity: z.int().min(1).max(RECEIPT_LIMITS.maxQuantity),
  /** Unit price. */
  priceCents: cents,
  /** The product's picture for the staff's screens (order-line-image.ts); absent from older kiosks. */
  image: orderLineImageSchema.optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const shopOrderSchema = z
  .strictObject({
    receiptId: z.string().regex(RECEIPT_ID_PATTERN),
    kioskId: z.string().refine(isValidKioskId, 'must be a kiosk id'),
    /** When the shopper confirmed it, ms since the epoch. */
    at: z.int().min(1).max(8.64e15),
    lines: z
      .array(orderLineSchema)
      .min(1)
      .max(RECEIPT_LIMITS.maxItems)
      .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
        message: 'one line per product',
      }),
    totalCents: cents,
    /** The number on the shopper's screen and slip; absent from kiosks that give none. */
    collectionNumber: z.string().regex(COLLECTION_NUMBER_PATTERN).optional(),
  })
  .refine(
    (order) =>
      order.lines.reduce((sum, line) => sum + line.quantity * line.priceCents, 0) ===
      order.totalCents,
    { message: 'totalCents must be the sum of quantity × priceCents', path: ['totalCents'] },
  );
export type ShopOrder = z.infer<typeof shopOrderSchema>;

/** The body of `POST /orders`: the order, and the kiosk's certificate when the service may not know it yet. */
export const orderRequestSchema = z.strictObject({
  order: shopOrderSchema,
  certificate: certificateEnvelopeSchema.optional(),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;
