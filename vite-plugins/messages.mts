/**
 * The shop's texts, compiled at build time: every `defineMessages(…)` of a `*.messages.ts`
 * file (English) and every `defineCatalog(…)` of `src/i18n/catalogs/` (one language each)
 * has its object of ICU MessageFormat texts replaced by functions that messageformat
 * (@messageformat/core) compiles from them, so the page carries no message parser: English
 * stays in the chunk of the code that shows it, and a language's catalog is a chunk of
 * its own, downloaded when a shopper chooses it. Plural forms come from messageformat's
 * CLDR rules, a number shown in one (`#`) from src/i18n/message-runtime.ts.
 *
 * Also the pseudo-locale, `virtual:shop-pseudo-catalog`: every English message accented
 * and 40 % longer (message-sources.mts), for the layout tests.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import * as cardinals from '@messageformat/runtime/lib/cardinals';
import type { Plugin } from 'vite';
import {
  englishMessages,
  isMessagesFile,
  messageFiles,
  pseudoMessage,
  readMessageCalls,
} from './message-sources.mts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/** What compiled messages call at run time (the number in a plural, its plural rules). */
export const MESSAGE_RUNTIME = fileURLToPath(
  new URL('../src/i18n/message-runtime.ts', import.meta.url),
);
const CATALOG_FILE = /[\\/]src[\\/]i18n[\\/]catalogs[\\/][^\\/]+\.ts$/;

const COMPILED_PREFIX = 'virtual:shop-messages/';
/**
 * One language's plural rule, a module of its own: taken from messageformat's module of every
 * language's rules, which the bundler would put whole into the first download with English's
 * (a module goes into one chunk, with every part any chunk uses), each language's rule now
 * comes with its catalog's chunk.
 */
const PLURAL_PREFIX = 'virtual:shop-plural/';
export const PSEUDO_CATALOG = 'virtual:shop-pseudo-catalog';
/** The pseudo-locale's language tag: English, accented (the private-use region XA). */
export const PSEUDO_LANGUAGE = 'en-XA';

/**
 * `texts` (ICU MessageFormat, by key) as an ES module whose default export holds one
 * function per key. `strict`: a message called without one of its arguments throws (tests
 * and development); a production build leaves that check out.
 */
export function compileTexts(
  language: string,
  texts: Record<string, string>,
  strict: boolean,
): string {
  // The plural rules are the language's own; the pseudo-locale counts as English does.
  const rules = language === PSEUDO_LANGUAGE ? 'en' : language;
  const formatter = new MessageFormat(rules, { requireAllArguments: strict });
  const code = compileModule(formatter, texts);
  return code
    .replace(/from "@messageformat\/runtime"/g, `from ${JSON.stringify(MESSAGE_RUNTIME)}`)
    .replace(
      /import \{ ([\w$]+) \} from "@messageformat\/runtime\/lib\/cardinals";/g,
      (_, rule: string) => `import { ${rule} } from ${JSON.stringify(PLURAL_PREFIX + rule)};`,
    );
}

/** The plural rule `name` (a language's) as a module of its own, from messageformat's rules. */
export function pluralRuleModule(name: string): string {
  const rule = (cardinals as Readonly<Record<string, unknown>>)[name];
  if (typeof rule !== 'function') throw new Error(`messageformat has no plural rule "${name}"`);
  // make-plural's rules are self-contained arrow functions: their text is the whole rule.
  return `export const ${name} = ${String(rule)};`;
}

/** A file's texts compiled, each call's object replaced by the module that holds it. */
export function compileMessageFile(
  code: string,
  file: string,
  remember: (language: string, texts: Record<string, string>) => string,
): string | null {
  const catalog = CATALOG_FILE.test(file);
  if (!catalog && !isMessagesFile(file)) return null;
  const calls = readMessageCalls(code, file);
  if (calls.length === 0) return null;
  let out = code;
  const imports: string[] = [];
  // From the last call back, so the earlier calls' offsets still hold.
  [...calls].reverse().forEach((call, index) => {
    if (call.kind !== (catalog ? 'catalog' : 'messages')) {
      throw new Error(
        `${file}: ${catalog ? 'a catalog' : 'a messages file'} holds only its own kind of call`,
      );
    }
    const name = `__shopTexts${index}`;
    const language = call.kind === 'catalog' ? call.name : 'en';
    imports.push(`import ${name} from ${JSON.stringify(remember(language, call.texts))};`);
    // The lines stay where they were, so the file's own source map still holds.
    const lines = code.slice(call.start, call.end).split('\n').length - 1;
    out = out.slice(0, call.start) + name + '\n'.repeat(lines) + out.slice(call.end);
  });
  return `${imports.join(' ')} ${out}`;
}

export function compiledMessages(): Plugin {
  let strict = true;
  const compiled = new Map<string, { language: string; texts: Record<string, string> }>();
  const remember = (language: string, texts: Record<string, string>): string => {
    const hash = createHash('sha256')
      .update(JSON.stringify([language, texts]))
      .digest('base64url')
      .slice(0, 16);
    compiled.set(hash, { language, texts });
    return `${COMPILED_PREFIX}${hash}`;
  };
  return {
    name: 'shop-compiled-messages',
    enforce: 'pre',
    configResolved(config) {
      strict = !config.isProduction;
    },
    resolveId(id) {
      if (id.startsWith(COMPILED_PREFIX) || id.startsWith(PLURAL_PREFIX) || id === PSEUDO_CATALOG) {
        return `\0${id}`;
      }
      return null;
    },
    load(id) {
      if (id === `\0${PSEUDO_CATALOG}`) {
        const texts: Record<string, string> = {};
        for (const file of messageFiles(SRC)) this.addWatchFile(file);
        for (const [messageId, { text }] of englishMessages(SRC)) {
          texts[messageId] = pseudoMessage(text);
        }
        return compileTexts(PSEUDO_LANGUAGE, texts, strict);
      }
      if (id.startsWith(`\0${PLURAL_PREFIX}`)) {
        return pluralRuleModule(id.slice(PLURAL_PREFIX.length + 1));
      }
      if (!id.startsWith(`\0${COMPILED_PREFIX}`)) return null;
      const entry = compiled.get(id.slice(COMPILED_PREFIX.length + 1));
      if (!entry) throw new Error(`unknown compiled texts ${id}`);
      return compileTexts(entry.language, entry.texts, strict);
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      const out = compileMessageFile(code, file, remember);
      return out === null ? null : { code: out, map: null };
    },
  };
}
