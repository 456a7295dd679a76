/**
 * The collection number's shape, which main gives, the preload and page check, the slip
 * prints and an order will carry: a letter that reads and sounds apart, a space, and the
 * day's number without leading zeros.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_LETTERS,
  COLLECTION_NUMBER_PATTERN,
  formatCollectionNumber,
  isCollectionLetter,
  isCollectionNumber,
  MAX_COLLECTION_SEQUENCE,
} from '../../shared/collection-number';

describe('collection numbers', () => {
  it('are the letter, a space and the number: "C 27"', () => {
    expect(formatCollectionNumber('C', 27)).toBe('C 27');
    expect(formatCollectionNumber('X', 1)).toBe('X 1');
    expect(formatCollectionNumber('M', MAX_COLLECTION_SEQUENCE)).toBe('M 9999');
  });

  it('leave out letters that look like digits or each other, or sound like another', () => {
    for (const unclear of [
      'O',
      'Q',
      'D',
      'I',
      'J',
      'Z',
      'S',
      'G',
      'T',
      'B',
      'U',
      'V',
      'E',
      'N',
      'P',
      'A',
      'Y',
    ]) {
      expect(isCollectionLetter(unclear), unclear).toBe(false);
    }
    expect(COLLECTION_LETTERS).toHaveLength(9);
    expect(new Set(COLLECTION_LETTERS).size).toBe(COLLECTION_LETTERS.length);
    // At most one of the letters said with "ee" in English (B C D E G P T V Z).
    expect(COLLECTION_LETTERS.filter((letter) => 'BCDEGPTVZ'.includes(letter))).toEqual(['C']);
  });

  it('refuses a sequence outside 1 to the day’s maximum', () => {
    for (const bad of [0, -1, 1.5, MAX_COLLECTION_SEQUENCE + 1, Number.NaN]) {
      expect(() => formatCollectionNumber('C', bad), String(bad)).toThrow(RangeError);
    }
  });

  it('accepts every number it formats, and reads nothing else as one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COLLECTION_LETTERS),
        fc.integer({ min: 1, max: MAX_COLLECTION_SEQUENCE }),
        (letter, sequence) => isCollectionNumber(formatCollectionNumber(letter, sequence)),
      ),
    );
    for (const bad of [
      'C27',
      'C-27',
      'C 027',
      'C 0',
      'c 27',
      'B 27',
      'C 10000',
      ' C 27',
      'C 27\n',
      27,
      null,
    ]) {
      expect(isCollectionNumber(bad), String(bad)).toBe(false);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) =>
        isCollectionNumber(text) ? COLLECTION_NUMBER_PATTERN.test(text) : true,
      ),
    );
  });
});
