/**
 * Which receipts the counter has handed over, kept in this console's localStorage, so a
 * second scan of the same receipt warns "already collected". Keyed by kiosk and receipt
 * id: receipt ids are unique per kiosk only.
 */
import { readJson, writeRaw } from '@web-shared/lib/browser-storage';
import { isJsonObject } from '../protocol/config-envelope';

export const COLLECTED_STORAGE_KEY = 'fleet-console.collected';
/** Oldest entries go past this, so storage never fills up over months of use. */
export const MAX_COLLECTED = 20_000;

export type Collected = Readonly<Record<string, number>>;

export const receiptKey = (kioskId: string, receiptId: string): string => `${kioskId}/${receiptId}`;

export function parseCollected(value: unknown): Collected {
  if (!isJsonObject(value)) return {};
  const collected: Record<string, number> = {};
  for (const [key, at] of Object.entries(value)) {
    if (typeof at === 'number' && Number.isFinite(at) && key.length <= 200) collected[key] = at;
  }
  return collected;
}

export function markCollected(collected: Collected, key: string, at: number): Collected {
  const entries = Object.entries({ ...collected, [key]: at });
  if (entries.length <= MAX_COLLECTED) return Object.fromEntries(entries);
  entries.sort((a, b) => b[1] - a[1]);
  return Object.fromEntries(entries.slice(0, MAX_COLLECTED));
}

export function loadCollected(): Collected {
  return parseCollected(readJson(COLLECTED_STORAGE_KEY));
}

/** False when the browser refused to store it (the operator is told). */
export function saveCollected(collected: Collected): boolean {
  return writeRaw(COLLECTED_STORAGE_KEY, JSON.stringify(collected));
}
