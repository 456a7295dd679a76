/**
 * What a diagnostics bundle must never carry: anything about a shopper (what was in a cart,
 * a receipt, a signed receipt code, an e-mail address or a card-like number) and the
 * kiosk's own secrets (its broker password, the staff PIN and its hash). Pure rules, so
 * each is tested on its own; the bundle (diagnostics-bundle.ts) runs every log line and
 * every config value through them, and the whole text once more before it is compressed.
 */

/** What a removed log line becomes. */
export const REMOVED_LINE = '[removed: a line about a shopper’s cart or receipt]';

/** Config keys whose value is a secret: the bundle says only whether each is set. */
export const SECRET_CONFIG_KEYS: readonly string[] = ['fleet.password', 'staffPin', 'staffPinHash'];

/** Words that name a shopper's purchase; with a list or object beside them, the line goes. */
const PURCHASE_WORDS = /\b(carts?|baskets?|receipts?|orders?|purchases?|checkout)\b/i;
const STRUCTURED = /[{[]/;

const TOKENS: readonly (readonly [RegExp, string])[] = [
  // A receipt's id: Receipt-{ms}-{0–999}.
  [/Receipt-\d+-\d+/g, 'Receipt-[redacted]'],
  // A signed receipt code as its QR carries it.
  [/KSR1\.[A-Za-z0-9_.-]+/g, 'KSR1.[redacted]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[e-mail]'],
];

/** 13 to 19 digits, spaces or dashes between them allowed: the length of a card number. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;

/** The card numbers' checksum (Luhn): most other long numbers (times, sizes) fail it. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Masks every shopper token in `text`: receipt ids and codes, e-mail addresses, and numbers
 * that could be a card's (13 to 19 digits passing its checksum; a time in milliseconds that
 * happens to pass goes too, on the shopper's side of doubt).
 */
export function maskShopperTokens(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of TOKENS) masked = masked.replace(pattern, replacement);
  return masked.replace(CARD_LIKE, (run) =>
    passesLuhn(run.replace(/[ -]/g, '')) ? '[number]' : run,
  );
}

/**
 * One log line as the bundle carries it: a line that talks about a purchase and holds a
 * list or object (a cart's lines, a receipt) is removed whole; every other line is masked.
 */
export function redactLogLine(line: string): string {
  if (PURCHASE_WORDS.test(line) && STRUCTURED.test(line)) return REMOVED_LINE;
  return maskShopperTokens(line);
}

/** A config value as the bundle carries it: secrets only as set or not, text masked. */
export function redactConfigValue(key: string, value: unknown): unknown {
  if (SECRET_CONFIG_KEYS.includes(key)) return value === '' ? '' : '[set]';
  if (typeof value === 'string') return maskShopperTokens(value);
  return value;
}
