/**
 * What the kiosk says when a screen changes: the page's heading and what it holds ("Products,
 * page 1 of 4, 6 products"), the cart's totals after a change, the order before it is
 * confirmed and the receipt after. Pure words from facts read-page.ts takes from the page.
 */
import type { Cents } from '@web-shared/lib/money';
import { formatPrice } from '@/i18n/formats';
import { shownLanguage, type ShownLanguage } from '@/i18n/language-store';
import { speechText } from './speech.messages';

type Words = Pick<ShownLanguage, 't' | 'language'>;

/** One row of a summary: "Total", "$107.94". */
export interface SummaryRow {
  label: string;
  value: string;
}

export type PageFacts =
  | { kind: 'catalogue'; heading: string; page: number; pages: number; products: number }
  | { kind: 'product'; heading: string; price: string | null; details: string[] }
  | { kind: 'cart'; heading: string; lines: number; rows: SummaryRow[] }
  | { kind: 'checkout'; heading: string; lines: string[]; rows: SummaryRow[] }
  | {
      kind: 'receipt';
      heading: string;
      /** The kiosk's collection number and where to go with it; empty without one. */
      collection: { number: string; where: string } | null;
      receiptId: string;
      lines: string[];
      rows: SummaryRow[];
      note: string;
    }
  | { kind: 'other'; heading: string; text: string };

const sentence = (text: string): string => (/[.!?:…]$/.test(text) ? text : `${text}.`);

/**
 * A saving is shown as "-$9.00"; said, "Savings $9.00", not "minus". It is the one amount
 * of a summary shown with a sign.
 */
const rowsWords = (rows: SummaryRow[]): string[] =>
  rows.map(({ label, value }) => sentence(`${label} ${value.replace(/^-\s?/, '')}`));

export function pageWords(facts: PageFacts, { t }: Pick<Words, 't'> = shownLanguage()): string {
  switch (facts.kind) {
    case 'catalogue':
      return t(speechText.catalogue, { ...facts });
    case 'product':
      return [
        sentence(facts.price ? `${facts.heading}, ${facts.price}` : facts.heading),
        ...facts.details.map(sentence),
      ].join(' ');
    case 'cart':
      if (facts.lines === 0) return sentence(facts.heading);
      return [
        sentence(t(speechText.cartPage, { heading: facts.heading, lines: facts.lines })),
        ...rowsWords(facts.rows),
      ].join(' ');
    case 'checkout':
      return [
        sentence(facts.heading),
        ...(facts.lines.length > 0 ? [t(speechText.order, { lines: facts.lines.join('; ') })] : []),
        ...rowsWords(facts.rows),
      ].join(' ');
    case 'receipt':
      return [
        sentence(facts.heading),
        ...(facts.collection
          ? [
              sentence(t(speechText.collectionIs, { number: facts.collection.number })),
              ...(facts.collection.where ? [sentence(facts.collection.where)] : []),
            ]
          : []),
        sentence(t(speechText.receiptIs, { id: facts.receiptId })),
        ...(facts.lines.length > 0
          ? [t(speechText.receiptItems, { lines: facts.lines.join('; ') })]
          : []),
        ...rowsWords(facts.rows),
        ...(facts.note ? [sentence(facts.note)] : []),
      ].join(' ');
    case 'other':
      return [sentence(facts.heading), ...(facts.text ? [sentence(facts.text)] : [])].join(' ');
  }
}

/** The cart as the app reports it after every change. */
export interface CartFacts {
  /** Items, counting quantities. */
  items: number;
  totalCents: Cents;
  savingsCents: Cents;
}

/** "Cart: 3 items, total $107.94 including tax, you save $9.00." */
export function cartWords(
  { items, totalCents, savingsCents }: CartFacts,
  { t, language }: Words = shownLanguage(),
): string {
  if (items === 0) return t(speechText.cartEmpty);
  const money = (cents: Cents) => formatPrice(language, cents);
  const total = money(totalCents);
  return savingsCents > 0
    ? t(speechText.cartTotalSaving, { items, total, saving: money(savingsCents) })
    : t(speechText.cartTotal, { items, total });
}
