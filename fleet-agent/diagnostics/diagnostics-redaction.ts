/**
 * What a diagnostics bundle must never carry: anything about a shopper (what was in a cart,
 * a receipt, a signed receipt code, an e-mail address or a card-like number) and any secret
 * (the kiosk's broker password, the staff PIN and its hash, and whatever credential a URL,
 * a header, a key file or a careless log line holds). Pure rules, so each is tested on its
 * own; the bundle (diagnostics-bundle.ts) runs every log line and every config value through
 * them, and every string once more before it is compressed.
 *
 * The config is shown by an allow-list: a key is shown only as CONFIG_DISPLAY says, and a
 * key it does not name is hidden. A URL is shown as its scheme, host and the path segments
 * that read as words or versions: never its user info, query, fragment or a path segment
 * that could be a token.
 */

/** What a removed log line becomes. */
export const REMOVED_LINE = '[removed: a line about a shopper’s cart or receipt]';
/** What a config key that the allow-list does not name shows. */
export const HIDDEN_VALUE = '[hidden]';

/**
 * How a config value may be shown:
 * - `plain`: as it is (numbers, switches, ids, public keys, schedules: nothing secret);
 * - `url`: a URL (or a list of them) reduced by redactUrl;
 * - `text`: free text (a printer's name, a file's path), through every rule for a log line;
 * - `set or not`: a secret, shown only as `[set]` or `""`.
 */
export type ConfigDisplay = 'plain' | 'url' | 'text' | 'set or not';

/**
 * Every config key the kiosk knows, and how a bundle shows it
 * (tests/fleet-agent/diagnostics/diagnostics-redaction.test.ts holds it to the kiosk's key
 * table). A key added to the kiosk is hidden until it is named here.
 */
export const CONFIG_DISPLAY: Readonly<Record<string, ConfigDisplay>> = {
  catalogueUrl: 'url',
  mode: 'plain',
  staffPin: 'set or not',
  staffPinHash: 'set or not',
  idleTimeoutSeconds: 'plain',
  idleCountdownSeconds: 'plain',
  catalogueMaxAgeMinutes: 'plain',
  printerName: 'text',
  speechOutputDevice: 'text',
  languages: 'plain',
  defaultLanguage: 'plain',
  collectionLetter: 'plain',
  'fleet.brokerUrl': 'url',
  'fleet.brokerUrls': 'url',
  'fleet.kioskId': 'plain',
  'fleet.username': 'text',
  'fleet.password': 'set or not',
  'fleet.ca': 'text',
  'fleet.cert': 'text',
  'fleet.key': 'text',
  'fleet.topicPrefix': 'plain',
  'fleet.healthSeconds': 'plain',
  'fleet.keepaliveSeconds': 'plain',
  'fleet.configPublicKey': 'plain',
  'fleet.minConfigVersion': 'plain',
  'fleet.store': 'plain',
  'fleet.region': 'plain',
  'fleet.enrolmentPublicKey': 'plain',
  shopServiceUrl: 'url',
  'update.feedUrl': 'url',
  'update.channel': 'plain',
  'update.checkHours': 'plain',
  'update.window': 'plain',
  'update.pinVersion': 'plain',
  'update.minVersion': 'plain',
  'update.publisherName': 'text',
  maxMemoryMB: 'plain',
  scheduledRelaunch: 'plain',
  openingHours: 'plain',
  logMaxMB: 'plain',
};

/** Words that name a shopper's purchase; with a list or object beside them, the line goes. */
const PURCHASE_WORDS = /\b(carts?|baskets?|receipts?|orders?|purchases?|checkout)\b/i;
const STRUCTURED = /[{[]/;

const SHOPPER_TOKENS: readonly (readonly [RegExp, string])[] = [
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
  for (const [pattern, replacement] of SHOPPER_TOKENS)
    masked = masked.replace(pattern, replacement);
  return masked.replace(CARD_LIKE, (run) =>
    passesLuhn(run.replace(/[ -]/g, '')) ? '[number]' : run,
  );
}

/**
 * A path segment that reads as a word or a version may be shown (`api`, `products`,
 * `kiosk-shop`, `latest.yml`, `v2`, `1.2.3`, `win64`); anything else (a run of mixed letters
 * and digits, a long word, anything percent-encoded) could be a token and is not.
 */
const SAFE_SEGMENT =
  /^(?:[A-Za-z]{1,16}\d{0,3}|\d{1,4})(?:[-_.](?:[A-Za-z]{1,16}\d{0,3}|\d{1,4})){0,5}$/;

function shownSegment(segment: string): string {
  return segment === '' || SAFE_SEGMENT.test(segment) ? segment : '[token]';
}

/**
 * A URL as a bundle may show it: scheme, host and port, and the path's segments that read
 * as words; user info, query and fragment are only marked as there. Text that is not a URL
 * is shown as `[url]` when it claims a scheme, else masked as free text.
 */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return /^[a-z][a-z0-9+.-]*:/i.test(text) ? '[url]' : redactText(text);
  }
  const credentials = url.username !== '' || url.password !== '' ? '[credentials]@' : '';
  const authority = url.host === '' && !text.includes('//') ? '' : `//${credentials}${url.host}`;
  const path = url.pathname.split('/').map(shownSegment).join('/');
  const query = url.search === '' ? '' : '?[query]';
  const fragment = url.hash === '' ? '' : '#[fragment]';
  return `${url.protocol}${authority}${path}${query}${fragment}`;
}

/** A URL in running text: a scheme, `://` and what follows up to a space or a quote. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,15}:\/\/[^\s"'<>`\\]+/gi;
/** Punctuation that ends a sentence rather than the URL. */
const TRAILING = /[.,;:!?)\]}]$/;
const OPENERS: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/** How much of the end of a URL found in text is the sentence's: `(see https://x/y).` */
function sentenceEnd(found: string): number {
  let end = found.length;
  for (;;) {
    const last = found[end - 1] ?? '';
    if (!TRAILING.test(last)) return found.length - end;
    const opener = OPENERS[last];
    if (opener !== undefined) {
      const body = found.slice(0, end);
      if (body.split(opener).length >= body.split(last).length) return found.length - end;
    }
    end -= 1;
  }
}

/** A PEM block, whole or cut off, its line breaks real or escaped (`\n` in a JSON log). */
const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]+-----[\s\S]*?(?:-----END [A-Z0-9 ]+-----|$)/g;
/** A credential after its scheme in a header: `Bearer …`, `Basic …`, `Token …`. */
const AUTH_SCHEME = /\b(bearer|basic|token|digest)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi;
/** The last word of a name under which a secret is kept (`fleet.password`, `staffPin`). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'secret',
  'token',
  'apikey',
  'credential',
  'credentials',
  'cookie',
  'pin',
  'auth',
  'authorization',
]);
/** The last two words of such a name (`api_key`, `privateKey`, `session-id`). */
const SECRET_PAIRS = new Set(['api key', 'access key', 'private key', 'secret key', 'session id']);

/** Whether a name (a JSON key, the left of `=`) is one a secret is kept under. */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const last = words.at(-1) ?? '';
  return SECRET_WORDS.has(last) || SECRET_PAIRS.has(words.slice(-2).join(' '));
}

/** A JSON member, its value a string: `"password": "…"`. */
const JSON_MEMBER = /"([A-Za-z][\w.-]{0,63})"(\s*:\s*)"(?:[^"\\]|\\.)*"/g;
/** The same inside a JSON string (a log line that is JSON holding JSON): `\"password\": \"…\"`. */
const ESCAPED_JSON_MEMBER = /\\"([A-Za-z][\w.-]{0,63})\\"(\s*:\s*)\\"(?:(?!\\").)*\\"/g;
/** A name before its value in running text: `password=…`, `token: …`. */
const NAME_BEFORE_VALUE = /\b([A-Za-z][\w.-]{0,63})(\s*[=:]\s*)/g;
/** The value after it: up to a space, a separator or a quote. */
const VALUE = /[^\s&,;"'}]+/y;
/** The words that start a header's credential, left to AUTH_SCHEME. */
const SCHEMES = new Set(['bearer', 'basic', 'token', 'digest', '[redacted]']);

/**
 * A long run of letters and digits mixed, as keys and tokens are written (hex, base64,
 * base64url): 32 characters or more, so ids, times and words pass.
 */
const LONG_TOKEN =
  /(?<![A-Za-z0-9+/_=-])(?=[A-Za-z0-9+/_=-]*\d)(?=[A-Za-z0-9+/_=-]*[A-Za-z])[A-Za-z0-9+/_=-]{32,}/g;

/**
 * Masks the value after each secret's name in running text. Names are looked for one after
 * the other, a value never swallowing the next name (`note: password=…`).
 */
function maskNamedValues(text: string): string {
  let masked = '';
  let from = 0;
  NAME_BEFORE_VALUE.lastIndex = 0;
  for (let found = NAME_BEFORE_VALUE.exec(text); found; found = NAME_BEFORE_VALUE.exec(text)) {
    const end = found.index + found[0].length;
    VALUE.lastIndex = end;
    const value = VALUE.exec(text)?.[0];
    if (value === undefined || !isSecretName(found[1] ?? '') || SCHEMES.has(value.toLowerCase())) {
      continue;
    }
    masked += `${text.slice(from, end)}[redacted]`;
    from = end + value.length;
    NAME_BEFORE_VALUE.lastIndex = from;
  }
  return masked + text.slice(from);
}

/**
 * Masks what could be a secret in any text, wherever it stands: URLs reduced (redactUrl), PEM
 * blocks, credentials after an auth scheme, values under a secret's name. The bundle runs
 * it over every string it carries, so a value no other rule expected is masked too.
 */
export function maskSecrets(text: string): string {
  const masked = text
    .replace(URL_IN_TEXT, (found) => {
      const cut = found.length - sentenceEnd(found);
      return redactUrl(found.slice(0, cut)) + found.slice(cut);
    })
    .replace(PEM_BLOCK, '[PEM block removed]')
    .replace(AUTH_SCHEME, '$1$2[redacted]')
    .replace(JSON_MEMBER, (member, name: string, between: string) =>
      isSecretName(name) ? `"${name}"${between}"[redacted]"` : member,
    )
    .replace(ESCAPED_JSON_MEMBER, (member, name: string, between: string) =>
      isSecretName(name) ? `\\"${name}\\"${between}\\"[redacted]\\"` : member,
    );
  return maskNamedValues(masked);
}

/** Free text as a bundle carries it: secrets, then long tokens, then a shopper's tokens. */
export function redactText(text: string): string {
  return maskShopperTokens(maskSecrets(text).replace(LONG_TOKEN, '[token]'));
}

/**
 * One log line as the bundle carries it: a line that talks about a purchase and holds a
 * list or object (a cart's lines, a receipt) is removed whole; every other line is masked.
 */
export function redactLogLine(line: string): string {
  if (PURCHASE_WORDS.test(line) && STRUCTURED.test(line)) return REMOVED_LINE;
  return redactText(line);
}

/** A config value as the bundle carries it: as CONFIG_DISPLAY allows, else hidden. */
export function redactConfigValue(key: string, value: unknown): unknown {
  const display = Object.hasOwn(CONFIG_DISPLAY, key) ? CONFIG_DISPLAY[key] : undefined;
  switch (display) {
    case 'set or not':
      return value === '' ? '' : '[set]';
    case 'url':
      if (typeof value === 'string') return value === '' ? '' : redactUrl(value);
      if (Array.isArray(value)) {
        return value.map((item) => (typeof item === 'string' ? redactUrl(item) : HIDDEN_VALUE));
      }
      return value;
    case 'text':
      return typeof value === 'string' ? redactText(value) : value;
    case 'plain':
      return value;
    case undefined:
      return HIDDEN_VALUE;
  }
}
