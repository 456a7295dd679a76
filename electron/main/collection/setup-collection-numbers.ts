/**
 * Collection numbers in the kiosk's main process: the letter chosen once at start
 * (collection-letter.ts), the day's counter in `<userData>/collection-counter.json`, and
 * the page's requests answered on IPC_CHANNELS.collectionNumber. Only the app's own page may
 * ask, and only for a receipt id of the spec's shape; any other request gets no number.
 * What it returns is what the shop service's orders take their number from.
 */
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { RECEIPT_ID_PATTERN } from '../../../shared/printable-receipt';
import type { KioskConfig } from '../config/config';
import { isTrustedSender } from '../ipc-sender';
import type { Logger } from '../logging/logging';
import { chooseCollectionLetter } from './collection-letter';
import {
  COLLECTION_COUNTER_FILE,
  fileCounterStore,
  memoryCounterStore,
  type CounterStore,
} from './collection-counter-file';
import { createCollectionNumbers, type CollectionNumbers } from './collection-numbers';

export interface CollectionNumbersSetup {
  ipcMain: Pick<IpcMain, 'handle'>;
  config: Pick<KioskConfig, 'collectionLetter'>;
  /** The kiosk id the letter is taken from when none is configured (asked only then). */
  kioskId: () => string;
  /** `<userData>`, or null with the reason it cannot be written: the counter is then in memory. */
  userData: { dir: string } | { dir: null; why: string };
  /** The shop's IANA time zone (its opening hours'), or undefined for the kiosk's own. */
  timeZone: () => string | undefined;
  log: Logger;
  store?: CounterStore;
  now?: () => number;
}

export function setupCollectionNumbers(options: CollectionNumbersSetup): CollectionNumbers {
  const { ipcMain, log, userData } = options;
  const { letter, source } = chooseCollectionLetter(
    options.config.collectionLetter,
    options.kioskId,
  );
  const store =
    options.store ??
    (userData.dir === null
      ? memoryCounterStore(`userData cannot be written (${userData.why})`)
      : fileCounterStore(join(userData.dir, COLLECTION_COUNTER_FILE)));
  const numbers = createCollectionNumbers({
    letter,
    store,
    timeZone: options.timeZone,
    log,
    ...(options.now ? { now: options.now } : {}),
  });
  log.info(
    source === 'collectionLetter'
      ? `Collection numbers: letter ${letter} (collectionLetter)`
      : `Collection numbers: letter ${letter}, taken from the ${source}; give each kiosk of a shop its own collectionLetter`,
  );
  let strangerLogged = false;
  ipcMain.handle(IPC_CHANNELS.collectionNumber, (event, receiptId: unknown): string | null => {
    if (!isTrustedSender(event)) {
      if (!strangerLogged) {
        strangerLogged = true;
        log.warn(
          `IPC: rejected ${IPC_CHANNELS.collectionNumber} from ${event.senderFrame?.url ?? 'a gone frame'}`,
        );
      }
      return null;
    }
    if (typeof receiptId !== 'string' || !RECEIPT_ID_PATTERN.test(receiptId)) return null;
    try {
      return numbers.issue(receiptId);
    } catch (error) {
      log.error(
        `Collection numbers: no number for ${receiptId} (${error instanceof Error ? error.message : String(error)})`,
      );
      return null;
    }
  });
  return numbers;
}
