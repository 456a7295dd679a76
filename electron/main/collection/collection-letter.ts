/**
 * A kiosk's collection letter: `collectionLetter` from its config, else one taken from its
 * kiosk id, so it stays the same across restarts without anyone choosing it. Two kiosks of
 * a shop may draw the same letter (one chance in nine for a pair), and then both would give
 * "C 27" on the same day: a shop with several kiosks gives each its own collectionLetter,
 * and the log says which letter a kiosk uses and where it came from.
 */
import { COLLECTION_LETTERS, type CollectionLetter } from '../../../shared/collection-number';

/** FNV-1a over the id's UTF-16 units: small, stable across versions and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function defaultCollectionLetter(kioskId: string): CollectionLetter {
  return COLLECTION_LETTERS[fnv1a(kioskId) % COLLECTION_LETTERS.length] ?? COLLECTION_LETTERS[0];
}

export interface ChosenLetter {
  letter: CollectionLetter;
  /** For the log: where the letter came from. */
  source: string;
}

/** The configured letter ('' : none), else the kiosk id's. */
export function chooseCollectionLetter(
  configured: CollectionLetter | '',
  kioskId: () => string,
): ChosenLetter {
  if (configured !== '') return { letter: configured, source: 'collectionLetter' };
  const id = kioskId();
  return { letter: defaultCollectionLetter(id), source: `kiosk id ${id}` };
}
