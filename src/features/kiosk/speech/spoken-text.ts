/**
 * Screen text as a voice should read it. Two layers:
 * - spokenText, for every voice: "2 / 4" is "2 of 4", "Qty" is "quantity" and so on.
 *   Money and ids stay as the screen shows them ("$89.95", "Receipt-…"), as the shopper
 *   would read them and as system voices (Windows, macOS, Chrome's) already say them:
 *   "eighty-nine dollars and ninety-five cents".
 * - espeakText, on top, for espeak-ng (the kiosk's own fallback voice, and the voice behind
 *   speech-dispatcher on most Linux machines), which says "$89.95" as "dollar eighty-nine
 *   point nine five" and a receipt id as one number in the trillions: there money becomes
 *   words and an id is read digit by digit.
 * Pure: applied once, to every text the kiosk speaks, just before the engine.
 */

/** `$1,234.50`, `-$8.99`, `$5`: dollars with optional thousands separators and cents. */
const MONEY = /(-\s?)?\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?!\d)/g;

const plural = (count: number, one: string): string => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "$89.95" → "89 dollars and 95 cents"; "$1.00" → "1 dollar"; "-$0.50" → "minus 50 cents". */
export function moneyWords(dollarsText: string, centsText = '', negative = false): string {
  const dollars = Number(dollarsText.replaceAll(',', ''));
  const cents = centsText === '' ? 0 : Number(centsText);
  const parts: string[] = [];
  if (dollars > 0 || cents === 0) parts.push(plural(dollars, 'dollar'));
  if (cents > 0) parts.push(plural(cents, 'cent'));
  return `${negative ? 'minus ' : ''}${parts.join(' and ')}`;
}

/** Digits one by one, in groups of four: an id is read back, never a number to grasp. */
function digitsOneByOne(digits: string): string {
  const groups = digits.match(/\d{1,4}/g) ?? [];
  return groups.map((group) => group.split('').join(' ')).join(', ');
}

type Rewrite = [RegExp, (...match: string[]) => string];

/** What espeak-ng cannot say on its own. */
const ESPEAK_REWRITES: Rewrite[] = [
  [
    MONEY,
    (_all, minus = '', dollars = '0', cents = '') => moneyWords(dollars, cents, minus !== ''),
  ],
  // The spec's receipt id, 'Receipt-{ms}-{0-999}'.
  [
    /\bReceipt-(\d+)-(\d+)\b/g,
    (_all, time = '', serial = '') =>
      `Receipt ${digitsOneByOne(time)}, dash, ${digitsOneByOne(serial)}`,
  ],
];

const REWRITES: Rewrite[] = [
  // The catalogue's 'page / total'.
  [/\b(\d+) \/ (\d+)\b/g, (_all, page = '', pages = '') => `${page} of ${pages}`],
  // A receipt's '2 × Shirt'.
  [/\b(\d+) ×/g, (_all, count = '') => `${count} of`],
  [/\bQty\b/g, () => 'quantity'],
  [/\(incl\. tax\)/g, () => 'including tax'],
  // Some voices spell a word in capitals letter by letter.
  [/\bFREE\b/g, () => 'free'],
];

function rewrite(text: string, rewrites: readonly Rewrite[]): string {
  let spoken = text;
  for (const [pattern, replace] of rewrites) spoken = spoken.replace(pattern, replace);
  return spoken.replace(/\s+/g, ' ').trim();
}

/** For every voice. */
export function spokenText(text: string): string {
  return rewrite(text, REWRITES);
}

/** For espeak-ng: spokenText's words, with money as words and ids digit by digit. */
export function espeakText(text: string): string {
  return rewrite(spokenText(text), ESPEAK_REWRITES);
}

/** A system voice that is espeak-ng underneath (speech-dispatcher's usual module). */
export const isEspeakVoice = (voice: Pick<SpeechSynthesisVoice, 'name' | 'voiceURI'>): boolean =>
  /espeak/i.test(`${voice.name} ${voice.voiceURI}`);
