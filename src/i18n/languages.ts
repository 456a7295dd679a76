/**
 * The languages the renderer can show: the shopper's (shared/languages.ts) and, for the
 * layout tests only, the pseudo-locale (every English text accented and 40 % longer), which
 * no menu offers.
 */
import {
  DEFAULT_LANGUAGE,
  isShopperLanguage,
  LANGUAGE_NAMES,
  PSEUDO_LANGUAGE,
  RIGHT_TO_LEFT,
  SHOPPER_LANGUAGES,
  type ShopperLanguage,
} from '@shared/languages';

export { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, SHOPPER_LANGUAGES, type ShopperLanguage };

export type Language = ShopperLanguage | typeof PSEUDO_LANGUAGE;

export function isLanguage(value: unknown): value is Language {
  return value === PSEUDO_LANGUAGE || isShopperLanguage(value);
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return (RIGHT_TO_LEFT as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}

/** A language by its own name, as a menu lists it. */
export function languageName(language: Language): string {
  return language === PSEUDO_LANGUAGE ? 'Ƥšéûðö' : LANGUAGE_NAMES[language];
}
