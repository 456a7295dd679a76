/**
 * The messages on a receipt's handover topic (`P/handovers/ID/RECEIPT`, trust-topics.ts),
 * and the conflict report a counter files when an order it handed over while offline turns
 * out to have been collected elsewhere. Every message is QoS 1; the protocol that uses them
 * is the counter's handover desk (fleet-console/counter/handover-desk.ts).
 *
 * - probe (not retained): a counter's own marker; when it comes back, every retained
 *   message of the topic has already reached that counter.
 * - claim (retained): "counter C is handing this order over"; the first claim the broker
 *   passes on wins.
 * - collected (retained): the record: which counter handed it over, and when.
 */
import { z } from 'zod';
import { readJsonBytes } from './trust/operator-signature';

export const MAX_HANDOVER_BYTES = 1024;

/** A random id: 16 bytes or more, base64url. */
export const nonceSchema = z.string().regex(/^[A-Za-z0-9_-]{16,43}$/);
/** A counter's name as staff see it ("Counter 2"): no control characters, bounded. */
export const counterNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}]*$/u);
const epochMs = z.int().min(1).max(8.64e15);

export const probeSchema = z.strictObject({ type: z.literal('probe'), nonce: nonceSchema });

export const claimSchema = z.strictObject({
  type: z.literal('claim'),
  claim: nonceSchema,
  counter: counterNameSchema,
  at: epochMs,
});

export const recordSchema = z.strictObject({
  type: z.literal('collected'),
  /** The claim this record completes (for a handover decided offline, its own id). */
  claim: nonceSchema,
  counter: counterNameSchema,
  at: epochMs,
  /** Handed over while the counter could not reach the broker. */
  offline: z.boolean().optional(),
  /** Handed over by staff's decision over an interrupted claim. */
  override: z.boolean().optional(),
});

export const handoverMessageSchema = z.discriminatedUnion('type', [
  probeSchema,
  claimSchema,
  recordSchema,
]);

export type HandoverProbe = z.infer<typeof probeSchema>;
export type HandoverClaim = z.infer<typeof claimSchema>;
export type HandoverRecord = z.infer<typeof recordSchema>;
export type HandoverMessage = z.infer<typeof handoverMessageSchema>;

export const conflictSchema = z.strictObject({
  type: z.literal('conflict'),
  /** The counter that handed it over while offline, and when. */
  counter: counterNameSchema,
  at: epochMs,
  /** What the broker already held: a record, or a claim without one. */
  found: z.strictObject({
    state: z.enum(['collected', 'claimed']),
    counter: counterNameSchema,
    at: epochMs,
  }),
  reportedAt: epochMs,
});
export type HandoverConflict = z.infer<typeof conflictSchema>;

/** A handover topic's message, or null: too large, not JSON, or not one of the three. */
export function readHandoverMessage(bytes: Uint8Array): HandoverMessage | null {
  const parsed = handoverMessageSchema.safeParse(readJsonBytes(bytes, MAX_HANDOVER_BYTES));
  return parsed.success ? parsed.data : null;
}

export function readConflictMessage(bytes: Uint8Array): HandoverConflict | null {
  const parsed = conflictSchema.safeParse(readJsonBytes(bytes, MAX_HANDOVER_BYTES));
  return parsed.success ? parsed.data : null;
}
