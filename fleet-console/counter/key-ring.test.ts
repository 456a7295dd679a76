import { describe, expect, it } from 'vitest';
import {
  keysFor,
  KEYS_PER_KIOSK,
  loadKeyRing,
  parseKeyRing,
  rememberKeys,
  saveKeyRing,
  withChangedKeys,
} from './key-ring';

const key = (letter: string) => letter.repeat(43);

describe('key ring', () => {
  it('remembers new keys first and returns the same ring when nothing is new', () => {
    const ring = rememberKeys({}, [
      { id: 'k1', publicKey: key('A') },
      { id: 'k2', publicKey: null },
    ]);
    expect(ring).toEqual({ k1: [key('A')] });
    expect(rememberKeys(ring, [{ id: 'k1', publicKey: key('A') }])).toBe(ring);
    expect(rememberKeys(ring, [{ id: 'k1', publicKey: key('B') }])).toEqual({
      k1: [key('B'), key('A')],
    });
  });

  it('keeps a bounded number of keys per kiosk', () => {
    let ring = {};
    for (const letter of 'ABCDEFG')
      ring = rememberKeys(ring, [{ id: 'k1', publicKey: key(letter) }]);
    expect(keysFor(ring, 'k1', null)).toHaveLength(KEYS_PER_KIOSK);
    expect(keysFor(ring, 'k1', null)[0]).toBe(key('G'));
  });

  it('tries the key in the current status first', () => {
    expect(keysFor({ k1: [key('A'), key('B')] }, 'k1', key('B'))).toEqual([key('B'), key('A')]);
    expect(keysFor({}, 'k9', null)).toEqual([]);
  });

  it('looks only at kiosks whose key changed since the last frame', () => {
    type Kiosk = { publicKey: string | null };
    const a: Kiosk = { publicKey: key('A') };
    const b: Kiosk = { publicKey: key('B') };
    const before = new Map<string, Kiosk>([
      ['k1', a],
      ['k2', b],
      ['k3', { publicKey: null }],
    ]);
    const after = new Map<string, Kiosk>([
      ['k1', a],
      // A new health object with the same key, a new key, a kiosk new to the console, no key.
      ['k2', { ...b }],
      ['k3', { publicKey: key('C') }],
      ['k4', { publicKey: key('D') }],
      ['k5', { publicKey: null }],
    ]);
    expect(withChangedKeys(before, after)).toEqual([
      { publicKey: key('C') },
      { publicKey: key('D') },
    ]);
    expect(withChangedKeys(after, after)).toEqual([]);
  });

  it('drops whatever is malformed in storage', () => {
    expect(
      parseKeyRing({ k1: [key('A'), 'short', 3], '+': [key('A')], all: [key('B')], k2: 'x' }),
    ).toEqual({
      k1: [key('A')],
    });
    expect(parseKeyRing('nope')).toEqual({});
  });

  it('survives a round trip through localStorage', () => {
    saveKeyRing({ k1: [key('A')] });
    expect(loadKeyRing()).toEqual({ k1: [key('A')] });
  });
});
