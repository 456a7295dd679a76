/**
 * The language the shop is shown in, for the whole page: what every text, number, price and
 * date is written in, and `<html lang dir>`. English until something chooses another: the
 * web shop's menu (remembered on the device, under its own storage key, never one of the
 * spec's four), the kiosk's attract screen and menu (until the idle wipe returns it to the
 * kiosk's default: src/app/session/shopper-session.ts).
 */
import { readRaw, removeKey, writeRaw } from '@web-shared/lib/browser-storage';
import { useSyncExternalStore } from 'react';
import type { Catalog } from './catalog';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  PSEUDO_LANGUAGE,
  SHOPPER_LANGUAGES,
  type Language,
  type ShopperLanguage,
} from './languages';
import type { Message, MessageValues } from './messages';

/** Where the web shop remembers a shopper's language: not one of the spec's four keys. */
export const LANGUAGE_KEY = 'shopLanguage';

/** The shop in one language: its texts (formats.ts writes its numbers, prices and dates). */
export interface ShownLanguage {
  language: Language;
  dir: 'ltr' | 'rtl';
  /** A message in this language (English where its catalog has no text for it). */
  t: (message: Message, values?: MessageValues) => string;
}

export interface LanguageSetup {
  /** What the menus offer, in order. */
  offered: readonly ShopperLanguage[];
  /** Shown first, and again after every wipe. */
  fallback: Language;
  /** Keep the shopper's choice on this device (the web shop; a kiosk forgets it). */
  remember: boolean;
}

function shownIn(language: Language, catalog: Catalog | null): ShownLanguage {
  return {
    language,
    dir: directionOf(language),
    t: (message, values) => (catalog?.[message.id] ?? message.en)(values),
  };
}

/** English, whatever is shown: what the kiosk says when it has no voice for the shown language. */
export const IN_ENGLISH = shownIn(DEFAULT_LANGUAGE, null);

let shown = IN_ENGLISH;
let setup: LanguageSetup = {
  offered: SHOPPER_LANGUAGES,
  fallback: DEFAULT_LANGUAGE,
  remember: false,
};
/** Catalogs already here (English has none); kept across wipes, like the shop's catalogue. */
const catalogs = new Map<Language, Catalog | null>([[DEFAULT_LANGUAGE, null]]);
/** The latest choice: a slower download of an earlier one must not win over it. */
let wanted: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

function show(language: Language, catalog: Catalog | null): void {
  if (shown.language === language) return;
  shown = shownIn(language, catalog);
  const root = document.documentElement;
  root.lang = language;
  root.dir = shown.dir;
  if (setup.remember) {
    if (language === setup.fallback) removeKey(LANGUAGE_KEY);
    else writeRaw(LANGUAGE_KEY, language);
  }
  for (const listener of [...listeners]) listener();
}

export function shownLanguage(): ShownLanguage {
  return shown;
}

/** The words of `language` when it is shown, or English (what a voice in English says). */
export function wordsIn(language: string): ShownLanguage {
  return language === shown.language || language !== DEFAULT_LANGUAGE ? shown : IN_ENGLISH;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shown language, for a component: it renders again when the language changes. */
export function useI18n(): ShownLanguage {
  return useSyncExternalStore(subscribeLanguage, shownLanguage, shownLanguage);
}

export function languageSetup(): LanguageSetup {
  return setup;
}

/**
 * Shows the shop in `language`, once its catalog is here (at once when it already is).
 * Resolves false when a later choice came first or the catalog could not be downloaded
 * (offline before it was ever chosen): the shop stays as it was.
 */
export async function chooseLanguage(language: Language): Promise<boolean> {
  wanted = language;
  let catalog = catalogs.get(language);
  if (catalog === undefined) {
    try {
      // The catalogs' loader comes with the first choice: the first download has none of it.
      const { loadCatalog } = await import('./load-catalog');
      catalog = await loadCatalog(language);
      catalogs.set(language, catalog);
    } catch (error) {
      console.warn(`[i18n] the ${language} texts could not be loaded`, error);
      if (wanted === language) wanted = shown.language;
      return false;
    }
  }
  if (wanted !== language) return false;
  show(language, catalog);
  return true;
}

/** Back to the default language (the idle wipe): at once, its catalog is already here. */
export function resetLanguage(): void {
  void chooseLanguage(setup.fallback);
}

/**
 * At start: what is offered and which language comes first (the web shop's remembered
 * choice, if it still is one). Resolves once that language is shown, or could not be.
 */
export function setupLanguages(next: LanguageSetup): Promise<boolean> {
  setup = next;
  const stored = next.remember ? readRaw(LANGUAGE_KEY) : null;
  const remembered =
    isLanguage(stored) &&
    (stored === PSEUDO_LANGUAGE || (next.offered as readonly string[]).includes(stored));
  return chooseLanguage(remembered ? stored : next.fallback);
}
