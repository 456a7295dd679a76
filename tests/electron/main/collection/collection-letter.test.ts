import { describe, expect, it } from 'vitest';
import {
  chooseCollectionLetter,
  defaultCollectionLetter,
} from '../../../../electron/main/collection/collection-letter';
import { COLLECTION_LETTERS } from '../../../../shared/collection-number';

describe('a kiosk’s collection letter', () => {
  it('is the configured one when there is one, without asking for the kiosk id', () => {
    const chosen = chooseCollectionLetter('K', () => {
      throw new Error('not asked');
    });
    expect(chosen).toEqual({ letter: 'K', source: 'collectionLetter' });
  });

  it('is taken from the kiosk id otherwise, the same every time', () => {
    const chosen = chooseCollectionLetter('', () => 'kiosk-3f9a01b2c4d5');
    expect(chosen.letter).toBe('L');
    expect(chosen.source).toBe('kiosk id kiosk-3f9a01b2c4d5');
    // Pinned: a new version must not give a running shop's kiosks new letters.
    expect(['kiosk-1', 'kiosk-2', 'kiosk-3', 'front-door'].map(defaultCollectionLetter)).toEqual([
      'M',
      'R',
      'W',
      'R',
    ]);
  });

  it('spreads kiosk ids over every letter', () => {
    const seen = new Map<string, number>();
    for (let index = 0; index < 9000; index += 1) {
      const letter = defaultCollectionLetter(`kiosk-${index.toString(16).padStart(12, '0')}`);
      seen.set(letter, (seen.get(letter) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([...COLLECTION_LETTERS].sort());
    for (const count of seen.values()) expect(count).toBeGreaterThan(700);
  });
});
