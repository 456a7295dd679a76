/**
 * The counter's queue of handovers the broker does not have yet (handover-desk.ts), kept in
 * localStorage per fleet, so a counter that hands an order over while the broker is away,
 * or is closed between winning a claim and recording it, still sends the record when it is
 * back. Read back strictly: an entry that is not one is dropped, never guessed at.
 */
import { readJson, writeRaw } from '@web-shared/lib/browser-storage';
import type { HandoverQueueStore, QueuedHandover } from './handover-desk';
import { counterNameSchema, nonceSchema } from '@shared/fleet/handover-messages';
import { RECEIPT_ID_PATTERN } from '@shared/fleet/receipt-code';
import { isValidKioskId } from '@shared/fleet/topics';
import { z } from 'zod';

export const QUEUE_STORAGE_KEY = 'fleet-console.handover-queue';
/** Far more than a day offline at a busy counter; past it the counter says it cannot keep more. */
export const MAX_QUEUED = 5000;

const entrySchema = z.strictObject({
  kioskId: z.string().refine(isValidKioskId),
  receiptId: z.string().regex(RECEIPT_ID_PATTERN),
  counter: counterNameSchema,
  at: z.int().min(1).max(8.64e15),
  claim: nonceSchema,
  reason: z.enum(['won', 'offline', 'override']),
});

/** One entry per fleet, so a console moved to another prefix never sends the old one's. */
export const queueStorageKey = (prefix: string): string => `${QUEUE_STORAGE_KEY}:${prefix}`;

export function parseQueue(value: unknown): QueuedHandover[] {
  if (!Array.isArray(value)) return [];
  const entries: QueuedHandover[] = [];
  for (const entry of value as unknown[]) {
    const parsed = entrySchema.safeParse(entry);
    if (parsed.success && entries.length < MAX_QUEUED) entries.push(parsed.data);
  }
  return entries;
}

export function browserQueueStore(prefix: string): HandoverQueueStore {
  const key = queueStorageKey(prefix);
  return {
    load: () => parseQueue(readJson(key)),
    save: (entries) => entries.length <= MAX_QUEUED && writeRaw(key, JSON.stringify(entries)),
  };
}
