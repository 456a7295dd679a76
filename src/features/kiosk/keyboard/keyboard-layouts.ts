import type { Language } from '@/i18n/languages';

/** Which keyboard a field asks for with its `data-osk` attribute. */
export type KeyboardKind = 'text' | 'numeric';

/** `data-osk` values: a text field, one that starts in capitals (voucher codes), digits only. */
export type FieldKeyboard = 'text' | 'caps' | 'numeric';

export function keyboardFor(field: HTMLElement): FieldKeyboard | null {
  const wanted = field.dataset.osk;
  return wanted === 'text' || wanted === 'caps' || wanted === 'numeric' ? wanted : null;
}

type Rows = readonly (readonly string[])[];

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/** Letters, digits and the few marks product names and searches use. */
export const TEXT_ROWS: Rows = [
  DIGITS,
  ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'],
  ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', "'"],
  ['z', 'x', 'c', 'v', 'b', 'n', 'm', '-', '.', '&'],
];

/** Spanish QWERTY: ñ where English has its apostrophe. */
const SPANISH_ROWS: Rows = [
  DIGITS,
  ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'],
  ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'ñ'],
  ['z', 'x', 'c', 'v', 'b', 'n', 'm', '-', '.', "'"],
];

/** French AZERTY, with its accented letters in a row of their own. */
const FRENCH_ROWS: Rows = [
  DIGITS,
  ['a', 'z', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'],
  ['q', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'm'],
  ['w', 'x', 'c', 'v', 'b', 'n', "'", '-', '.', '&'],
  ['é', 'è', 'à', 'ç', 'ù', 'â', 'ê', 'î', 'ô', 'û'],
];

/** German QWERTZ with its umlauts and ß. */
const GERMAN_ROWS: Rows = [
  DIGITS,
  ['q', 'w', 'e', 'r', 't', 'z', 'u', 'i', 'o', 'p', 'ü'],
  ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'ö', 'ä'],
  ['y', 'x', 'c', 'v', 'b', 'n', 'm', 'ß', '-', '.', '&'],
];

/**
 * Arabic, as the standard Arabic (101) keyboard places its letters (simple-keyboard-layouts'
 * "arabic" layout), ذ beside the rest rather than left of the digits. Arabic has no capitals:
 * no Shift, and a key to the Latin letters the catalogue's titles and voucher codes use.
 */
const ARABIC_ROWS: Rows = [
  DIGITS,
  ['ض', 'ص', 'ث', 'ق', 'ف', 'غ', 'ع', 'ه', 'خ', 'ح', 'ج', 'د'],
  ['ش', 'س', 'ي', 'ب', 'ل', 'ا', 'ت', 'ن', 'م', 'ك', 'ط'],
  ['ئ', 'ء', 'ؤ', 'ر', 'لا', 'ى', 'ة', 'و', 'ز', 'ظ', 'ذ'],
];

export const NUMERIC_ROWS: Rows = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
];

/** A language's own letters, where they are not the Latin keyboard's. */
export interface LetterLayout {
  rows: Rows;
  /** Letters with capitals: Shift makes them so. */
  cased: boolean;
  /** Its own script, besides the Latin letters a key switches to. */
  ownScript: boolean;
}

const LATIN: LetterLayout = { rows: TEXT_ROWS, cased: true, ownScript: false };

const LAYOUTS: Readonly<Record<Language, LetterLayout>> = {
  en: LATIN,
  'en-XA': LATIN,
  es: { rows: SPANISH_ROWS, cased: true, ownScript: false },
  fr: { rows: FRENCH_ROWS, cased: true, ownScript: false },
  de: { rows: GERMAN_ROWS, cased: true, ownScript: false },
  ar: { rows: ARABIC_ROWS, cased: false, ownScript: true },
};

/** The letters for `language`, or the Latin keyboard when `latin` is asked for. */
export function letterLayout(language: Language, latin: boolean): LetterLayout {
  return latin ? LATIN : LAYOUTS[language];
}

/** Whether the language's keyboard has a second, Latin set of letters. */
export const hasOwnScript = (language: Language): boolean => LAYOUTS[language].ownScript;
