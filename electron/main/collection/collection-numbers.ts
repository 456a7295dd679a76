/**
 * Gives each confirmed order its collection number (shared/collection-number.ts), in main
 * and without the network: the kiosk's letter and the next of the day's sequence
 * (collection-day.ts), kept on disk before it is handed out (collection-counter-file.ts).
 *
 * A receipt asked about again gets the number it was given, so a page shown twice, and an
 * order sent to the shop service after the page asked, carry the same number as the screen
 * and the slip. A counter that cannot be kept costs nothing at the screen: the number is
 * still given, and the log says the next start will skip ahead.
 */
import {
  formatCollectionNumber,
  MAX_COLLECTION_SEQUENCE,
  type CollectionLetter,
} from '../../../shared/collection-number';
import type { Logger } from '../logging/logging';
import { nextNumber, shopMoment, type StoredCounter } from './collection-day';
import type { CounterStore } from './collection-counter-file';

/** Receipts whose numbers are remembered; the oldest is forgotten first. */
export const REMEMBERED_RECEIPTS = 1_000;

export interface CollectionNumbersOptions {
  letter: CollectionLetter;
  store: CounterStore;
  /** The shop's IANA time zone, or undefined for the kiosk's own. */
  timeZone: () => string | undefined;
  log: Logger;
  now?: () => number;
}

export interface CollectionNumbers {
  readonly letter: CollectionLetter;
  /** The receipt's number: the one given before, else the next of the day. */
  issue(receiptId: string): string;
  /** The number given to the receipt in this run, or null. */
  forReceipt(receiptId: string): string | null;
}

export function createCollectionNumbers(options: CollectionNumbersOptions): CollectionNumbers {
  const { letter, store, log } = options;
  const now = options.now ?? Date.now;
  let stored: StoredCounter = store.load();
  let saveFailed = false;
  const byReceipt = new Map<string, string>();

  const remember = (receiptId: string, number: string): void => {
    byReceipt.set(receiptId, number);
    if (byReceipt.size > REMEMBERED_RECEIPTS) {
      const [oldest] = byReceipt.keys();
      if (oldest !== undefined) byReceipt.delete(oldest);
    }
  };

  const save = (record: { day: string; last: number }): void => {
    try {
      store.save(record);
      if (saveFailed) log.info('Collection numbers: the counter is kept on disk again');
      saveFailed = false;
    } catch (error) {
      if (!saveFailed) {
        log.error(
          `Collection numbers: the counter cannot be kept (${error instanceof Error ? error.message : String(error)}); numbers go on from memory, and the next start skips ahead`,
        );
      }
      saveFailed = true;
    }
  };

  return {
    letter,
    issue(receiptId) {
      const given = byReceipt.get(receiptId);
      if (given !== undefined) return given;
      const moment = shopMoment(now(), options.timeZone());
      const { record, note } = nextNumber(stored, moment, MAX_COLLECTION_SEQUENCE);
      if (note !== null) log.warn(`Collection numbers: ${note}`);
      save(record);
      stored = { kind: 'ok', record };
      const number = formatCollectionNumber(letter, record.last);
      remember(receiptId, number);
      return number;
    },
    forReceipt: (receiptId) => byReceipt.get(receiptId) ?? null,
  };
}
