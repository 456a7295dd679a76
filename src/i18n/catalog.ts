import { compiled, type MessageFunction } from './messages';

/** One language's texts by message id, compiled: a chunk of its own (./load-catalog.ts). */
export type Catalog = Readonly<Record<string, MessageFunction>>;

/**
 * A language's catalog: its translation of every message (`'cart.heading': 'Carrito'`),
 * in ICU MessageFormat. The build compiles each text with that language's plural rules;
 * the translation tests hold every catalog to the English messages.
 */
export function defineCatalog(
  language: string,
  texts: Readonly<Record<string, string | MessageFunction>>,
): Catalog {
  return Object.fromEntries(
    Object.entries(texts).map(([id, text]) => [id, compiled(`${language}: ${id}`, text)]),
  );
}
