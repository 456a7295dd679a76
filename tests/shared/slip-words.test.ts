/**
 * The printed slip says what the receipt card says, in every language: main cannot read the
 * page's catalogs, so shared/slip-words.ts holds the slip's words again, and here they are
 * held to the catalogs word for word.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOPPER_LANGUAGES } from '../../shared/languages';
import { SLIP_WORDS, type SlipWords } from '../../shared/slip-words';
import { catalogTexts, englishMessages } from '../../vite-plugins/message-sources.mts';

const SRC = join(__dirname, '../../src');

/** Each slip word and the receipt card's message it must equal. */
const CARD_MESSAGES: Readonly<Record<keyof SlipWords, string>> = {
  brand: 'checkout.slipBrand',
  items: 'checkout.items',
  saved: 'checkout.saved',
  tax: 'checkout.tax',
  pickup: 'checkout.storePickup',
  free: 'checkout.free',
  paid: 'checkout.paid',
  footer: 'checkout.slipFooter',
  qrCode: 'checkout.qrCode',
  collection: 'checkout.collectionHeading',
  collectionWhere: 'checkout.collectionWhere',
};

function textsOf(language: string): Record<string, string> {
  if (language === 'en') {
    return Object.fromEntries([...englishMessages(SRC)].map(([id, { text }]) => [id, text]));
  }
  const file = join(SRC, 'i18n/catalogs', `${language}.ts`);
  return catalogTexts(readFileSync(file, 'utf8'), file).texts;
}

describe('the slip’s words', () => {
  it.each(SHOPPER_LANGUAGES)('are the receipt card’s in %s', (language) => {
    const texts = textsOf(language);
    const words = SLIP_WORDS[language];
    for (const [key, id] of Object.entries(CARD_MESSAGES) as [keyof SlipWords, string][]) {
      const card = texts[id];
      // The QR code's name comes before the receipt id, which the card's message places.
      const expected = key === 'qrCode' ? `${words.qrCode} {id}` : words[key];
      expect(card, `${language} ${id}`).toBe(expected);
    }
  });
});
