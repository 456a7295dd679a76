import type { Language } from './languages';

/** The Intl locale of `language`: the pseudo-locale writes English's numbers and dates. */
export const intlLocale = (language: Language): string =>
  language === 'en-XA' || language === 'en' ? 'en-US' : language;

const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** An Intl formatter, made the first time it is needed and kept (making one costs ms). */
export function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let found = made.get(key) as T | undefined;
  if (!found) {
    found = make();
    made.set(key, found);
  }
  return found;
}

/** English and the pseudo-locale: the shop's own fast writers, not Intl. */
export const writesEnglish = (language: Language): boolean =>
  language === 'en' || language === 'en-XA';
