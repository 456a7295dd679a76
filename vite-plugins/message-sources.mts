/**
 * The shop's texts as their source files write them, read without running them: the
 * English messages of every `*.messages.ts` file (`defineMessages('cart', { heading:
 * 'Shopping Cart' })`) and each language's catalog (`defineCatalog('es', { 'cart.heading':
 * 'Carrito' })`), both ICU MessageFormat text. The build compiles them (messages.mts); the
 * translation tests compare them; the pseudo-locale is made from them. Pure, apart from
 * reading the folder it is given.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Select, type Token } from '@messageformat/parser';
import { parseSync } from 'vite';

export type MessageCallKind = 'messages' | 'catalog';

const CALLEES: Readonly<Record<string, MessageCallKind>> = {
  defineMessages: 'messages',
  defineCatalog: 'catalog',
};

/** One `defineMessages(…)` or `defineCatalog(…)` call of a source file. */
export interface MessageCall {
  kind: MessageCallKind;
  /** The namespace of `defineMessages`, the language of `defineCatalog`. */
  name: string;
  /** Where the object of texts starts and ends in the file. */
  start: number;
  end: number;
  /** Its texts by key, in the file's order. */
  texts: Record<string, string>;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** TypeScript's wrappers around an expression (`as const`, `satisfies …`, parentheses). */
function unwrap(node: Node): Node {
  let current = node;
  while (
    ['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression'].includes(current.type) &&
    isNode(current.expression)
  ) {
    current = current.expression;
  }
  return current;
}

/** A string literal, a template without placeholders, or a `+` of those; else undefined. */
function plainText(node: Node): string | undefined {
  const value = unwrap(node);
  if (value.type === 'Literal' && typeof value.value === 'string') return value.value;
  if (value.type === 'TemplateLiteral') {
    const quasis = value.quasis as { value: { cooked: string | null } }[];
    const expressions = value.expressions as unknown[];
    if (expressions.length === 0 && quasis.length === 1)
      return quasis[0]?.value.cooked ?? undefined;
    return undefined;
  }
  if (value.type === 'BinaryExpression' && value.operator === '+') {
    const left = isNode(value.left) ? plainText(value.left) : undefined;
    const right = isNode(value.right) ? plainText(value.right) : undefined;
    return left === undefined || right === undefined ? undefined : left + right;
  }
  return undefined;
}

function propertyKey(property: Node): string | undefined {
  if (property.computed === true || !isNode(property.key)) return undefined;
  const key = property.key;
  if (key.type === 'Identifier' && typeof key.name === 'string') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

function readCall(call: Node, file: string, code: string): MessageCall | undefined {
  const callee = call.callee;
  if (!isNode(callee) || callee.type !== 'Identifier' || typeof callee.name !== 'string') {
    return undefined;
  }
  const kind = CALLEES[callee.name];
  if (!kind) return undefined;
  const [first, second, ...rest] = call.arguments as Node[];
  const name = first ? plainText(first) : undefined;
  const object = second ? unwrap(second) : undefined;
  if (name === undefined || object?.type !== 'ObjectExpression' || rest.length > 0) {
    throw new Error(
      `${file}: ${callee.name} takes a name in quotes and an object of texts, written out in the call`,
    );
  }
  const texts: Record<string, string> = {};
  for (const property of object.properties as Node[]) {
    const key = property.type === 'Property' ? propertyKey(property) : undefined;
    const text =
      key !== undefined &&
      property.kind === 'init' &&
      property.method !== true &&
      isNode(property.value)
        ? plainText(property.value)
        : undefined;
    if (key === undefined || text === undefined) {
      throw new Error(
        `${file}: every entry of ${callee.name}('${name}', …) is a key and a text in quotes (line ${code.slice(0, property.start).split('\n').length})`,
      );
    }
    if (key in texts) throw new Error(`${file}: '${key}' is written twice`);
    texts[key] = text;
  }
  return { kind, name, start: object.start, end: object.end, texts };
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [field, value] of Object.entries(node)) {
    if (field !== 'type' && typeof value === 'object') walk(value, visit);
  }
}

/** Every message or catalog call of a TypeScript file, in order. */
export function readMessageCalls(code: string, file: string): MessageCall[] {
  const calls: MessageCall[] = [];
  const { program, errors } = parseSync(file, code, { lang: 'ts' });
  const [error] = errors;
  if (error) throw new Error(`${file}: ${error.message}`);
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const call = readCall(node, file, code);
    if (call) calls.push(call);
  });
  return calls;
}

/** A file whose texts are English messages: `cart.messages.ts`. */
export const isMessagesFile = (file: string): boolean => /\.messages\.ts$/.test(file);

/** Every `*.messages.ts` file under `dir`, sorted. */
export function messageFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isMessagesFile(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The English messages of every file under `dir`, by id (`namespace.key`). */
export function englishMessages(dir: string): Map<string, { text: string; file: string }> {
  return englishMessagesOf(messageFiles(dir).map((file) => [file, readFileSync(file, 'utf8')]));
}

/** The English messages of message files given as [file, code], by id. */
export function englishMessagesOf(
  files: readonly (readonly [string, string])[],
): Map<string, { text: string; file: string }> {
  const messages = new Map<string, { text: string; file: string }>();
  for (const [file, code] of files) {
    for (const call of readMessageCalls(code, file)) {
      if (call.kind !== 'messages') continue;
      for (const [key, text] of Object.entries(call.texts)) {
        const id = `${call.name}.${key}`;
        const known = messages.get(id);
        if (known) throw new Error(`${file}: the id ${id} is already used by ${known.file}`);
        messages.set(id, { text, file });
      }
    }
  }
  return messages;
}

/** The texts of a catalog file: `defineCatalog('es', {…})`. */
export function catalogTexts(
  code: string,
  file: string,
): { language: string; texts: Record<string, string> } {
  const calls = readMessageCalls(code, file).filter((call) => call.kind === 'catalog');
  const [call, ...more] = calls;
  if (!call || more.length > 0) throw new Error(`${file}: a catalog holds one defineCatalog call`);
  return { language: call.name, texts: call.texts };
}

type Tokens = Token[];

function visitTokens(tokens: Tokens, visit: (token: Token) => void): void {
  for (const token of tokens) {
    visit(token);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      for (const part of token.cases) visitTokens(part.tokens, visit);
    } else if (token.type === 'function' && token.param) {
      visitTokens(token.param, visit);
    }
  }
}

/**
 * What a message must be given and shows of it: its arguments by name, each with how it is
 * used (`count:plural`, `title`), and `#` where a plural shows its number. A translation
 * must keep the same: one that loses a placeholder shows less than the shopper needs.
 */
export function placeholders(message: string): string[] {
  const found = new Set<string>();
  visitTokens(parse(message), (token) => {
    if (token.type === 'argument') found.add(token.arg);
    else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
    else if (token.type !== 'content' && token.type !== 'octothorpe') {
      found.add(`${token.arg}:${token.type}`);
    }
  });
  return [...found].sort();
}

/** The plural and select cases a message offers, for a check that it parses at all. */
export function selectCases(message: string): Select[] {
  const selects: Select[] = [];
  visitTokens(parse(message), (token) => {
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      selects.push(token);
    }
  });
  return selects;
}

const ACCENTS: Readonly<Record<string, string>> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * A word made 40 % longer and accented ("Cart" → "Çåŕŕţţ"-like): longer words, not only
 * more of them, since a long compound ("Bestellübersicht") cannot wrap either.
 */
export function pseudoWord(word: string): string {
  const extra = Math.ceil(word.length * 0.4);
  let out = '';
  const every = Math.max(1, Math.floor(word.length / Math.max(1, extra)));
  let added = 0;
  let index = 0;
  for (const char of word) {
    index += 1;
    const accented = ACCENTS[char] ?? char;
    out += accented;
    if (added < extra && index % every === 0) {
      out += accented;
      added += 1;
    }
  }
  return out;
}

/** Text with each run of letters pseudo-localised; spaces, digits and signs as they are. */
export function pseudoText(text: string): string {
  return text.replace(/\p{L}+/gu, pseudoWord);
}

/** Content as ICU text again: quotes doubled, braces (and `#` in a plural) quoted. */
function escapeContent(text: string, inPlural: boolean): string {
  const special = inPlural ? /[{}#]/g : /[{}]/g;
  return text.replace(/'/g, "''").replace(special, (char) => `'${char}'`);
}

function serialize(tokens: Tokens, mapText: (text: string) => string, inPlural = false): string {
  return tokens
    .map((token): string => {
      switch (token.type) {
        case 'content':
          return escapeContent(mapText(token.value), inPlural);
        case 'argument':
          return `{${token.arg}}`;
        case 'octothorpe':
          return '#';
        case 'function':
          return token.param
            ? `{${token.arg}, ${token.key}, ${serialize(token.param, (text) => text)}}`
            : `{${token.arg}, ${token.key}}`;
        default: {
          const plural = token.type !== 'select';
          const offset = token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
          const cases = token.cases
            .map((part) => `${part.key} {${serialize(part.tokens, mapText, plural)}}`)
            .join(' ');
          return `{${token.arg}, ${token.type},${offset} ${cases}}`;
        }
      }
    })
    .join('');
}

/**
 * The pseudo-locale's text of an English message: every word accented and 40 % longer, the
 * whole in ⟦ ⟧ so a cut end shows, placeholders and plural forms untouched.
 */
export function pseudoMessage(message: string): string {
  // Nothing stays nothing: an empty word of English has no length to grow.
  if (message === '') return '';
  return `⟦${serialize(parse(message), pseudoText)}⟧`;
}
