import type { ShownLanguage } from '@/i18n/language-store';
import type { Message } from '@/i18n/messages';
import { checkoutText } from './checkout.messages';

/**
 * The sentences a failed print comes back with, from the kiosk's main process or the
 * page's own wait (src/platform/printing.ts), by their English: the shop says them in the
 * shown language. The English texts are the main process's own, word for word.
 */
const KNOWN: readonly Message[] = [
  checkoutText.printFailed,
  checkoutText.printerMissing,
  checkoutText.printedTwice,
  checkoutText.printBusy,
];

const BY_ENGLISH: ReadonlyMap<string, Message> = new Map(
  KNOWN.map((message) => [message.en(), message]),
);

/** A print failure in the shown language; a sentence the shop does not know, as it came. */
export function shownPrintFailure(message: string, { t }: Pick<ShownLanguage, 't'>): string {
  const known = BY_ENGLISH.get(message);
  return known ? t(known) : message;
}
