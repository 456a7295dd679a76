/**
 * Signed records the console takes from the shop service and keeps in this browser's
 * localStorage (the revocations, the kiosk certificates), so that a counter can still check
 * receipts while the service cannot be reached, and says how old its copy is.
 *
 * Pure rules, for the hook (use-kept-records.ts) and the tests:
 * - A copy is kept per fleet and pinned key: another fleet's or key's copy is none.
 * - A copy is read back strictly: one item that is not a record spoils the whole copy,
 *   since a copy with a revocation missing is worse than none (the counter then refuses
 *   what it cannot check, rather than accept a revoked kiosk's receipt).
 * - What the service sends is added to what is kept, never put in its place: the records
 *   only grow (a revocation the service lost, restored from an older backup, stays here).
 */
import { z } from 'zod';

export interface KeptRecords<T> {
  prefix: string;
  /** The pinned enrolment key every item was verified under. */
  key: string;
  /** When the service last sent the records (this page's clock). */
  fetchedAt: number;
  items: T[];
}

/** The copy kept for this fleet and key, or null: none, another's, or not entirely readable. */
export function readKeptRecords<T>(
  value: unknown,
  itemSchema: z.ZodType<T>,
  place: { prefix: string; key: string },
  max: number,
): KeptRecords<T> | null {
  const parsed = z
    .strictObject({
      prefix: z.string().max(64),
      key: z.string().max(64),
      fetchedAt: z.int().min(1).max(8.64e15),
      items: z.array(itemSchema).max(max),
    })
    .safeParse(value);
  if (!parsed.success) return null;
  const copy = parsed.data;
  if (copy.prefix !== place.prefix || copy.key !== place.key) return null;
  return { prefix: copy.prefix, key: copy.key, fetchedAt: copy.fetchedAt, items: copy.items };
}

/** `kept` with every item of `fresh` it lacks (by `idOf`), at most `max` items. */
export function mergeRecords<T>(
  kept: readonly T[],
  fresh: readonly T[],
  idOf: (item: T) => string,
  max: number,
): T[] {
  const merged = [...kept];
  const known = new Set(kept.map(idOf));
  for (const item of fresh) {
    if (merged.length >= max) break;
    const id = idOf(item);
    if (known.has(id)) continue;
    known.add(id);
    merged.push(item);
  }
  return merged;
}

/** "Revocation list from 14:03, 2 h ago": how old a copy is, in staff's words. */
export function ageText(fetchedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - fetchedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
