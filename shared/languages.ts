/**
 * The languages a shopper may choose, and how each is named and written. The kiosk's
 * config offers some of them (shared/kiosk-config/config-keys.ts), the renderer shows them
 * (src/i18n), and the main process prints the receipt slip in one (shared/slip-words.ts).
 * English first: the spec's texts are English, and it is the default everywhere.
 */
export const SHOPPER_LANGUAGES = ['en', 'es', 'fr', 'de', 'ar'] as const;

export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: ShopperLanguage = 'en';

/** Each language by its own name ("Español", never a flag: a flag is a country). */
export const LANGUAGE_NAMES: Readonly<Record<ShopperLanguage, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

/** Languages written right to left. */
export const RIGHT_TO_LEFT: readonly ShopperLanguage[] = ['ar'];

/**
 * The pseudo-locale: every English text accented and 40 % longer, for the layout tests. No
 * menu offers it and no kiosk config accepts it (config-keys.ts takes SHOPPER_LANGUAGES).
 */
export const PSEUDO_LANGUAGE = 'en-XA';

export function isShopperLanguage(value: unknown): value is ShopperLanguage {
  return typeof value === 'string' && (SHOPPER_LANGUAGES as readonly string[]).includes(value);
}
