/**
 * The shop's texts in each language, for finding what a shopper reads: read from the
 * message files and catalogs as written (vite-plugins/message-sources.mts) and formatted
 * with messageformat, as the build compiles them. English is the spec's.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import MessageFormat from '@messageformat/core';
import {
  catalogTexts,
  englishMessages,
  pseudoMessage,
} from '../../../vite-plugins/message-sources.mts';

export const TRANSLATED = ['es', 'fr', 'de', 'ar'] as const;
export type Translated = (typeof TRANSLATED)[number];
export type Language = 'en' | Translated;
/** The pseudo-locale: English accented and 40 % longer, for the layout tests. */
export type Shown = Language | 'en-XA';

const SRC = resolve(__dirname, '../../../src');
const english = new Map([...englishMessages(SRC)].map(([id, { text }]) => [id, text]));
const catalogs = new Map<string, Record<string, string>>();

function textOf(language: Shown, id: string): string | undefined {
  if (language === 'en') return english.get(id);
  if (language === 'en-XA') {
    const text = english.get(id);
    return text === undefined ? undefined : pseudoMessage(text);
  }
  let texts = catalogs.get(language);
  if (!texts) {
    const file = join(SRC, 'i18n/catalogs', `${language}.ts`);
    texts = catalogTexts(readFileSync(file, 'utf8'), file).texts;
    catalogs.set(language, texts);
  }
  return texts[id];
}

const formatters = new Map<string, MessageFormat>();

/** What the shop shows for message `id` in `language`, with its placeholders filled. */
export function message(
  language: Shown,
  id: string,
  values: Record<string, string | number> = {},
): string {
  const text = textOf(language, id);
  if (text === undefined) throw new Error(`no message ${id} in ${language}`);
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new MessageFormat(language === 'en-XA' ? 'en' : language);
    formatters.set(language, formatter);
  }
  return formatter.compile(text)(values);
}

/** Each language by its own name, as the menus list it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};
