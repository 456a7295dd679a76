/**
 * Screen text as a voice should read it, in the shown language. Two layers:
 * - spokenText, for every voice: "2 / 4" is "2 of 4", "Qty" is "quantity" and so on.
 *   Money and ids stay as the screen shows them ("$89.95", "Receipt-…"), as the shopper
 *   would read them and as system voices (Windows, macOS, Chrome's) already say them:
 *   "eighty-nine dollars and ninety-five cents".
 * - espeakText, on top, for espeak-ng (the kiosk's own fallback voice, and the voice behind
 *   speech-dispatcher on most Linux machines), which says "$89.95" as "dollar eighty-nine
 *   point nine five" and a receipt id as one number in the trillions: there money becomes
 *   words ("89 dollars and 95 cents", "89 dólares con 95 centavos") and an id is read digit
 *   by digit.
 * Pure: applied once, to every text the kiosk speaks, just before the engine.
 */
import { shownLanguage, type ShownLanguage } from '@/i18n/language-store';
import type { Language } from '@/i18n/languages';
import { speechText } from './speech.messages';

type Words = Pick<ShownLanguage, 't' | 'language'>;

/** `$1,234.50`, `-$8.99`, `$5`: dollars with optional thousands separators and cents. */
const MONEY = /(-\s?)?\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?!\d)/g;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spaces Intl writes in money: plain, no-break and narrow no-break. */
const SPACE = '[\\s\\u00a0\\u202f]?';

const patterns = new Map<Language, RegExp>();

/**
 * US dollars as `language` writes them (Intl: '1.234,56 $', '1 234,56 $US', '1234,56 US$'),
 * with the dollars, the cents and a minus sign caught, as MONEY does for English.
 */
export function moneyPattern(language: Language): RegExp {
  if (language === 'en' || language === 'en-XA') return MONEY;
  let pattern = patterns.get(language);
  if (!pattern) {
    const parts = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'USD',
    }).formatToParts(1234567.89);
    const group = parts.find((part) => part.type === 'group')?.value ?? ',';
    let source = '';
    let digits = false;
    for (const part of parts) {
      if (part.type === 'integer' || part.type === 'group') {
        if (!digits) source += `(\\d{1,3}(?:${escape(group)}\\d{3})+|\\d+)`;
        digits = true;
      } else if (part.type === 'decimal') source += escape(part.value);
      else if (part.type === 'fraction') source += '(\\d{2})';
      else if (part.type === 'currency') source += escape(part.value);
      else if (part.type === 'literal') source += part.value.trim() === '' ? SPACE : '';
    }
    // A sign may come first, after the marks that keep a number left to right in Arabic.
    pattern = new RegExp(
      `[\\u200e\\u200f]*([-\\u2212]\\s?)?[\\u200e\\u200f]*${source}(?!\\d)`,
      'gu',
    );
    patterns.set(language, pattern);
  }
  return pattern;
}

/** "$89.95" → "89 dollars and 95 cents"; "$1.00" → "1 dollar"; "-$0.50" → "minus 50 cents". */
export function moneyWords(
  dollarsText: string,
  centsText = '',
  negative = false,
  { t }: Pick<Words, 't'> = shownLanguage(),
): string {
  const dollars = Number(dollarsText.replace(/\D/g, ''));
  const cents = centsText === '' ? 0 : Number(centsText);
  const parts: string[] = [];
  if (dollars > 0 || cents === 0) parts.push(t(speechText.dollars, { dollars }));
  if (cents > 0) parts.push(t(speechText.cents, { cents }));
  const [first = '', second] = parts;
  const amount =
    second === undefined ? first : t(speechText.dollarsAndCents, { dollars: first, cents: second });
  return negative ? t(speechText.minus, { amount }) : amount;
}

/** Digits one by one, in groups of four: an id is read back, never a number to grasp. */
function digitsOneByOne(digits: string): string {
  const groups = digits.match(/\d{1,4}/g) ?? [];
  return groups.map((group) => group.split('').join(' ')).join(', ');
}

type Rewrite = [RegExp, (...match: string[]) => string];

/** What espeak-ng cannot say on its own. */
function espeakRewrites(words: Words): Rewrite[] {
  const money = moneyPattern(words.language);
  return [
    [
      money,
      (_all, minus = '', dollars = '0', cents = '') =>
        moneyWords(dollars, cents, minus !== '', words),
    ],
    // The spec's receipt id, 'Receipt-{ms}-{0-999}', the same in every language.
    [
      /\bReceipt-(\d+)-(\d+)\b/g,
      (_all, time = '', serial = '') =>
        words.t(speechText.receiptDigits, {
          time: digitsOneByOne(time),
          serial: digitsOneByOne(serial),
        }),
    ],
  ];
}

/**
 * What each language's screen abbreviates or writes in capitals, and how it is said: the
 * order's 'Qty', its total's '(incl. tax)', the summary's 'FREE' (some voices spell a word
 * in capitals letter by letter).
 */
const SCREEN_WORDS: Readonly<Record<Language, readonly Rewrite[]>> = {
  en: [
    [/\bQty\b/g, () => 'quantity'],
    [/\(incl\. tax\)/g, () => 'including tax'],
    [/\bFREE\b/g, () => 'free'],
  ],
  'en-XA': [],
  es: [
    [/\bCant\./g, () => 'cantidad'],
    [/\(IVA incl\.\)/g, () => 'IVA incluido'],
    [/\bGRATIS\b/g, () => 'gratis'],
  ],
  fr: [
    [/(?<!\p{L})Qté(?!\p{L})/gu, () => 'quantité'],
    [/\(TTC\)/g, () => 'toutes taxes comprises'],
    [/\bGRATUIT\b/g, () => 'gratuit'],
  ],
  de: [
    [/\(inkl\. MwSt\.\)/g, () => 'inklusive Mehrwertsteuer'],
    [/\bKOSTENLOS\b/g, () => 'kostenlos'],
  ],
  ar: [],
};

function rewrites(words: Words): Rewrite[] {
  return [
    // The catalogue's 'page / total'.
    [
      /\b(\d+) \/ (\d+)\b/g,
      (_all, page = '', pages = '') => words.t(speechText.pageOf, { page, pages }),
    ],
    // A receipt's '2 × Shirt'.
    [/\b(\d+) ×/g, (_all, count = '') => words.t(speechText.times, { count })],
    ...SCREEN_WORDS[words.language],
  ];
}

function rewrite(text: string, rules: readonly Rewrite[]): string {
  let spoken = text;
  for (const [pattern, replace] of rules) spoken = spoken.replace(pattern, replace);
  return spoken.replace(/\s+/g, ' ').trim();
}

/** For every voice. */
export function spokenText(text: string, words: Words = shownLanguage()): string {
  return rewrite(text, rewrites(words));
}

/** For espeak-ng: spokenText's words, with money as words and ids digit by digit. */
export function espeakText(text: string, words: Words = shownLanguage()): string {
  return rewrite(spokenText(text, words), espeakRewrites(words));
}

/** A system voice that is espeak-ng underneath (speech-dispatcher's usual module). */
export const isEspeakVoice = (voice: Pick<SpeechSynthesisVoice, 'name' | 'voiceURI'>): boolean =>
  /espeak/i.test(`${voice.name} ${voice.voiceURI}`);
