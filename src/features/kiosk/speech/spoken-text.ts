/**
 * Screen text as a voice should read it. Synthesisers read "$89.95" as "dollar eighty-nine
 * point nine five" (espeak-ng does), a receipt id as one number in the trillions, and
 * "2 / 4" as "two slash four"; these rewrites make them say what a person would.
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

const REWRITES: [RegExp, (...match: string[]) => string][] = [
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
  // The catalogue's 'page / total'.
  [/\b(\d+) \/ (\d+)\b/g, (_all, page = '', pages = '') => `${page} of ${pages}`],
  // A receipt's '2 × Shirt'.
  [/\b(\d+) ×/g, (_all, count = '') => `${count} of`],
  [/\bQty\b/g, () => 'quantity'],
  [/\(incl\. tax\)/g, () => 'including tax'],
  // Some voices spell a word in capitals letter by letter.
  [/\bFREE\b/g, () => 'free'],
];

export function spokenText(text: string): string {
  let spoken = text;
  for (const [pattern, rewrite] of REWRITES) spoken = spoken.replace(pattern, rewrite);
  return spoken.replace(/\s+/g, ' ').trim();
}
