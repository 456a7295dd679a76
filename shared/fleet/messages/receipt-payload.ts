/** The signed receipt's payload, as zod (receipt-code.ts keeps the rules). */
import { z } from 'zod';
import { RECEIPT_ID_PATTERN, RECEIPT_LIMITS } from '../receipt-code';
import { isValidKioskId } from '../topics';

/** The zod form of receipt-code.ts's rules (a test keeps the two in step). */
export const receiptPayloadSchema = z.strictObject({
  r: z.string().regex(RECEIPT_ID_PATTERN),
  k: z.string().refine(isValidKioskId),
  t: z.int().min(1).max(8.64e15),
  i: z
    .array(
      z.tuple([
        z.int().min(1).max(RECEIPT_LIMITS.maxProductId),
        z.int().min(1).max(RECEIPT_LIMITS.maxQuantity),
      ]),
    )
    .min(1)
    .max(RECEIPT_LIMITS.maxItems)
    .refine((items) => new Set(items.map(([id]) => id)).size === items.length, {
      message: 'one line per product',
    }),
  c: z.int().min(0).max(RECEIPT_LIMITS.maxTotalCents),
});
