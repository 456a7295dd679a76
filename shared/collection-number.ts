/**
 * The collection number a kiosk gives each order: the kiosk's letter and the day's sequence,
 * "C 27", short enough to say and to read from across the room on the board at the counter.
 * Each kiosk of a shop has its own letter, so kiosks number their orders without asking each
 * other or the network, and a number is unique in the shop for the day.
 *
 * Written with a space, never a hyphen: voices and screen readers say "C-27" as "C minus 27"
 * or "C dash 27", and a space reads as well across a room. No leading zeros: "C 7" is said
 * "C seven", where "C 007" would be read digit by digit.
 *
 * Main gives the numbers (electron/main/collection/); the page shows them, the slip prints
 * them, and an order carries one; every side checks one with the pattern here.
 */

/**
 * The letters a kiosk may have. Left out, as they read badly from across a room or sound
 * like one another when said:
 * - like a digit: O, Q and D (0), I and J (1), Z (2), S (5), G (6), T (7), B (8);
 * - like each other: U and V; E beside F; N beside M (said "en" and "em"); P beside R;
 * - said like a word by a voice: A and Y ("a", Spanish "y" and), E (Spanish "e");
 * - rhyming in English, the "ee" letters B C D E G P T V Z: C alone is kept.
 */
export const COLLECTION_LETTERS = ['C', 'F', 'H', 'K', 'L', 'M', 'R', 'W', 'X'] as const;
export type CollectionLetter = (typeof COLLECTION_LETTERS)[number];

/** A kiosk's day tops out here: one order every ten seconds round the clock is 8,640. */
export const MAX_COLLECTION_SEQUENCE = 9_999;

export const COLLECTION_NUMBER_PATTERN = /^[CFHKLMRWX] [1-9]\d{0,3}$/;

export function isCollectionLetter(value: unknown): value is CollectionLetter {
  return typeof value === 'string' && (COLLECTION_LETTERS as readonly string[]).includes(value);
}

export function isCollectionNumber(value: unknown): value is string {
  return typeof value === 'string' && COLLECTION_NUMBER_PATTERN.test(value);
}

/** "C 27" for letter C and the day's 27th order. */
export function formatCollectionNumber(letter: CollectionLetter, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_COLLECTION_SEQUENCE) {
    throw new RangeError(`a collection sequence is 1 to ${MAX_COLLECTION_SEQUENCE}`);
  }
  return `${letter} ${sequence}`;
}
