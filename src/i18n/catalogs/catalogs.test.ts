// @vitest-environment node
/**
 * Every language says everything: each catalog translates every English message of the
 * shop's `*.messages.ts` files, no more, with the same placeholders (a translation that
 * loses `{title}` or a plural's count shows the shopper less), and each text compiles and
 * formats with its language's plural forms.
 */
import { describe, expect, it } from 'vitest';
import { SHOPPER_LANGUAGES } from '@shared/languages';
import pseudo from 'virtual:shop-pseudo-catalog';
import {
  catalogTexts,
  englishMessagesOf,
  placeholders,
  selectCases,
} from '../../../vite-plugins/message-sources.mts';
import type { Catalog } from '../catalog';
import type { Message } from '../messages';
import ar from './ar';
import de from './de';
import es from './es';
import fr from './fr';

/** Every message file and catalog as written. */
const MESSAGE_FILES = import.meta.glob<string>('/src/**/*.messages.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const CATALOG_FILES = import.meta.glob<string>('./*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const english = englishMessagesOf(Object.entries(MESSAGE_FILES));
const ids = [...english.keys()].sort();

/** English as the page has it: every message module, compiled. */
const compiledEnglish = new Map(
  Object.values(
    import.meta.glob<Record<string, Record<string, Message>>>('/src/**/*.messages.ts', {
      eager: true,
    }),
  )
    .flatMap((module) => Object.values(module))
    .flatMap((messages) => Object.values(messages))
    .map((message) => [message.id, message.en] as const),
);

/**
 * Words a language may leave out where English has them: the accessibility switch's name
 * is built of a word before and after the one every bar shows ('Accessibility' + ' mode'),
 * and a language with one word for it needs neither.
 */
const MAY_BE_EMPTY = new Set(['kiosk.accessibilityBefore', 'kiosk.accessibilityAfter']);

const TRANSLATED = ['es', 'fr', 'de', 'ar'] as const;
const COMPILED: Readonly<Record<(typeof TRANSLATED)[number], Catalog>> = { es, fr, de, ar };

/** A catalog's texts as written, from its file. */
function sourceOf(language: string): Record<string, string> {
  const file = `./${language}.ts`;
  const { language: named, texts } = catalogTexts(CATALOG_FILES[file] ?? '', file);
  expect(named).toBe(language);
  return texts;
}

/** Values for every placeholder of a message: a count for a plural, words for the rest. */
function valuesFor(message: string, count: number): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const placeholder of placeholders(message)) {
    const [name = '', type] = placeholder.split(':');
    values[name] = type === 'plural' ? count : type === 'select' ? 'other' : `‹${name}›`;
  }
  return values;
}

describe('the translations', () => {
  it('finds the English messages', () => {
    expect(ids.length).toBeGreaterThan(200);
    expect(english.get('home.start')?.text).toBe('Start Shoping');
    expect(english.get('checkout.keepShopping')?.text).toBe('Keep Shoping');
  });

  it('offers every language the shop names, English and its four translations', () => {
    expect([...SHOPPER_LANGUAGES].sort()).toEqual(['en', ...TRANSLATED].sort());
  });

  describe.each(TRANSLATED)('%s', (language) => {
    const texts = sourceOf(language);

    it('translates every message, and nothing that is no message', () => {
      const translated = Object.keys(texts).sort();
      expect(
        ids.filter((id) => !(id in texts)),
        'messages without a translation',
      ).toEqual([]);
      expect(
        translated.filter((id) => !english.has(id)),
        'texts of no message',
      ).toEqual([]);
    });

    it.each(ids)('%s keeps every placeholder', (id) => {
      const source = english.get(id)?.text ?? '';
      const text = texts[id];
      expect(text, `${language} has no ${id}`).toBeDefined();
      expect(placeholders(text ?? '')).toEqual(placeholders(source));
      // A plural or select offers its `other` case, which every count falls back to.
      for (const select of selectCases(text ?? '')) {
        expect(select.cases.map((option) => option.key)).toContain('other');
      }
    });

    it('formats every message, with its plural forms, for the counts a shop shows', () => {
      const catalog = COMPILED[language];
      for (const id of ids) {
        const text = texts[id] ?? '';
        const format = catalog[id];
        expect(format, `${language} compiled no ${id}`).toBeTypeOf('function');
        for (const count of [0, 1, 2, 3, 11, 100, 1234]) {
          const shown = format?.(valuesFor(text, count)) ?? '';
          if (!MAY_BE_EMPTY.has(id)) expect(shown, id).not.toBe('');
          const values = valuesFor(text, count);
          for (const [name, value] of Object.entries(values)) {
            if (typeof value === 'string' && value.startsWith('‹')) {
              expect(shown, `${id} shows {${name}}`).toContain(value);
            }
          }
        }
      }
    });
  });

  it('every English message is on the page as its file writes it', () => {
    expect([...compiledEnglish.keys()].sort()).toEqual(ids);
  });

  it('the pseudo-locale has every message, each in ⟦ ⟧ and 40 % longer than English', () => {
    for (const id of ids) {
      const values = valuesFor(english.get(id)?.text ?? '', 3);
      const shown = pseudo[id]?.(values);
      const inEnglish = compiledEnglish.get(id)?.(values) ?? '';
      expect(shown, id).toBeDefined();
      // An empty English word (a sentence's part another language fills) stays empty.
      expect(shown, id).toMatch(inEnglish === '' ? /^$/u : /^⟦.*⟧$/su);
      // The letters of the message's own words: a placeholder's value is not its text.
      const letters = (text: string) => text.replace(/‹\w+›/g, '').match(/\p{L}/gu)?.length ?? 0;
      expect(letters(shown ?? ''), id).toBeGreaterThanOrEqual(Math.ceil(letters(inEnglish) * 1.4));
    }
  });

  it('each language’s plural forms follow its own rule, which comes with its catalog', () => {
    // Arabic has forms of its own for none and two; French counts 0 as one, English as many.
    expect(ar['layout.cart']?.({ count: 0 })).toBe('السلة، لا قطع');
    expect(ar['layout.cart']?.({ count: 2 })).toBe('السلة، قطعتان');
    expect(fr['layout.cart']?.({ count: 0 })).toBe('Panier, 0 article');
    expect(compiledEnglish.get('layout.cart')?.({ count: 0 })).toBe('Cart, 0 items');
  });
});
