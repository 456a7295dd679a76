/**
 * Each language's catalog is a chunk of its own, downloaded when a shopper first chooses
 * it (never in the first download: English is in the code that shows it). The kiosk loads
 * them from its own disk; the web build's service worker keeps them with the build's other
 * files, so a language chosen once works offline.
 */
import type { Catalog } from './catalog';
import type { Language } from './languages';

type Load = () => Promise<{ default: Catalog }>;

const CATALOGS: Readonly<Record<Exclude<Language, 'en'>, Load>> = {
  es: () => import('./catalogs/es'),
  fr: () => import('./catalogs/fr'),
  de: () => import('./catalogs/de'),
  ar: () => import('./catalogs/ar'),
  'en-XA': () => import('virtual:shop-pseudo-catalog'),
};

/** The catalog of `language`; null for English, whose texts are the messages themselves. */
export async function loadCatalog(language: Language): Promise<Catalog | null> {
  if (language === 'en') return null;
  return (await CATALOGS[language]()).default;
}
