/**
 * The shop service's answers as the console reads them (docs/services/shop-service.md):
 * each checked against its schema once, here, before anything else looks at it. An answer
 * that does not match is no answer: the caller treats it as the service not having said
 * anything (fails closed), never as a yes. Fields the console does not use are ignored, so
 * a newer service that adds one is still read.
 */
import { z } from 'zod';
import { certificateEnvelopeSchema } from '@shared/fleet/trust/kiosk-certificate';
import { handoverIdSchema } from '@shared/fleet/handover-id';
import { parseReceiptPayload, RECEIPT_ID_PATTERN } from '@shared/fleet/receipt-code';
import { revocationRecordSchema } from '@shared/fleet/trust/revocation-record';
import { isValidKioskId, isValidTopicPrefix } from '@shared/fleet/topics';
import { SERIAL_PATTERN } from '@shared/fleet/trust/trust-topics';

/** Lists the service pages at 1,000; certificates at 10,000; revocations a fleet's years. */
export const MAX_LISTED = 1000;
export const MAX_CERTIFICATES = 10_000;
export const MAX_REVOCATION_RECORDS = 5000;

const epochMs = z.int().min(1).max(8.64e15);
/** Something staff read: bounded, no control characters. */
const words = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u);
const kioskId = z.string().refine(isValidKioskId);
const receiptId = z.string().regex(RECEIPT_ID_PATTERN);
/** A counter's or a login's name as staff see it ("Counter 2"). */
export const staffNameSchema = words(64);

export const staffSchema = z.object({
  // A login's name, or a device token's id (random base64url, capitals included).
  username: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
  name: staffNameSchema,
  role: z.enum(['counter', 'operator']),
});
export type Staff = z.infer<typeof staffSchema>;

export const loginAnswerSchema = z.object({ staff: staffSchema });
export const meAnswerSchema = z.object({ staff: staffSchema, kind: z.enum(['staff', 'token']) });

/** Every refusal: a short code and a sentence for a person, plus what the client acts on. */
export const errorAnswerSchema = z.object({ error: words(100), message: words(2000) });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const lockedAnswerSchema = errorAnswerSchema.extend({
  error: z.literal('locked'),
  lockedUntil: epochMs,
});

export const handoverSchema = z.object({
  kioskId,
  receiptId,
  handoverId: handoverIdSchema,
  counter: staffNameSchema,
  /** When staff handed it over. */
  at: epochMs,
  recordedAt: epochMs,
  mode: z.enum(['online', 'offline', 'override']),
});
export type Handover = z.infer<typeof handoverSchema>;

export const REFUSALS = [
  'unreadable',
  'not-enrolled',
  'bad-signature',
  'revoked',
  'too-old',
  'future',
] as const;
export type ServiceRefusal = (typeof REFUSALS)[number];

export const refusalAnswerSchema = errorAnswerSchema.extend({
  error: z.literal('receipt-refused'),
  refusal: z.enum(REFUSALS),
  title: words(200),
});
export type RefusalAnswer = z.infer<typeof refusalAnswerSchema>;

const receiptSchema = z.unknown().transform((value, context) => {
  const payload = parseReceiptPayload(value);
  if (payload === null) {
    context.addIssue({ code: 'custom', message: 'not a receipt' });
    return z.NEVER;
  }
  return payload;
});

/** POST /receipts/check: the receipt as the service read it, and its handover if any. */
export const checkAnswerSchema = z
  .object({
    receipt: receiptSchema,
    certificate: z.object({ serial: z.string().regex(SERIAL_PATTERN), store: words(64) }),
    handover: handoverSchema.nullable(),
  })
  .refine(
    ({ receipt, handover }) =>
      handover === null || (handover.kioskId === receipt.k && handover.receiptId === receipt.r),
    'the handover is another receipt’s',
  );
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;

/** POST /handovers: 201/200 handed over here, 409 already collected. */
export const handedOverAnswerSchema = z.object({
  outcome: z.literal('handed-over'),
  handover: handoverSchema,
});
export const alreadyCollectedAnswerSchema = z.object({
  outcome: z.literal('already-collected'),
  handover: handoverSchema,
});

export const conflictSchema = z.object({
  id: z.int().min(1).max(999_999_999),
  kioskId,
  receiptId,
  /** The handover the service already held. */
  first: handoverSchema.nullable(),
  /** The one reported later, made without the service's word. */
  second: z.object({
    handoverId: handoverIdSchema,
    counter: staffNameSchema,
    at: epochMs,
    mode: z.enum(['offline', 'override']),
    recordedAt: epochMs,
  }),
  dismissedAt: epochMs.nullable(),
  dismissedBy: words(200).nullable(),
});
export type Conflict = z.infer<typeof conflictSchema>;

/** POST /handovers/offline: recorded as the receipt's handover, or kept beside the first. */
export const offlineAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('recorded'), handover: handoverSchema }),
  z.object({ outcome: z.literal('conflict'), handover: handoverSchema, conflict: conflictSchema }),
]);
export type OfflineAnswer = z.infer<typeof offlineAnswerSchema>;

export const conflictsAnswerSchema = z.object({
  conflicts: z.array(conflictSchema).max(MAX_LISTED),
});
export const conflictAnswerSchema = z.object({ conflict: conflictSchema });
export const handoversAnswerSchema = z.object({
  handovers: z.array(handoverSchema).max(MAX_LISTED),
});

export const revocationsAnswerSchema = z.object({
  fleet: z.string().refine(isValidTopicPrefix),
  revocations: z.array(revocationRecordSchema).max(MAX_REVOCATION_RECORDS),
});
export const certificatesAnswerSchema = z.object({
  certificates: z.array(certificateEnvelopeSchema).max(MAX_CERTIFICATES),
});

/** The answer read by `schema`, or null when it is not one. */
export function readAnswer<T>(schema: z.ZodType<T>, body: unknown): T | null {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
