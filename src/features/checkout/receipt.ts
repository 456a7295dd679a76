import { randomInt } from '@/lib/random-int';

/** 'Receipt-{timestamp in ms}-{random integer 0-999}' (spec §3). */
export function createReceiptId(now: number = Date.now(), random: number = randomInt(999)): string {
  return `Receipt-${now}-${random}`;
}
