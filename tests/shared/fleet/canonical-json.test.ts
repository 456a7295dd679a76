import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  canonicalJsonBytes,
  canonicalJsonOrNull,
  MAX_CANONICAL_DEPTH,
} from '../../../shared/fleet/canonical-json';

describe('canonical JSON', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('orders keys by UTF-16 code unit, not by locale or code point', () => {
    // U+1F600 is the surrogate pair D83D DE00, which sorts before U+FFFF by code unit.
    expect(canonicalJson({ '\uffff': 1, '😀': 2, é: 3, Z: 4, a: 5 })).toBe(
      '{"Z":4,"a":5,"é":3,"😀":2,"\uffff":1}',
    );
  });

  it('keeps array order and escapes strings as JSON does', () => {
    expect(canonicalJson(['b', 'a', 'line\n"q"'])).toBe('["b","a","line\\n\\"q\\""]');
  });

  it.each([
    ['undefined', { a: undefined }],
    ['NaN', { a: Number.NaN }],
    ['Infinity', [Number.POSITIVE_INFINITY]],
    ['a function', { a: () => 1 }],
    ['a bigint', { a: 1n }],
    ['a Date', { a: new Date(0) }],
  ])('refuses %s instead of dropping it', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(TypeError);
  });

  it('refuses nesting deeper than its bound with a TypeError, never a stack overflow', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`) as unknown;
    expect(() => canonicalJson(deep)).toThrow(TypeError);
    const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);
    expect(canonicalJson(nested(MAX_CANONICAL_DEPTH))).toBe(
      `${'['.repeat(MAX_CANONICAL_DEPTH)}1${']'.repeat(MAX_CANONICAL_DEPTH)}`,
    );
    expect(() => canonicalJson(nested(MAX_CANONICAL_DEPTH + 1))).toThrow(TypeError);
  });

  it('canonicalJsonOrNull never throws: null for what has no canonical form (1e400 parses to Infinity)', () => {
    expect(canonicalJsonOrNull(JSON.parse('{"version":4,"x":1e400}'))).toBeNull();
    expect(canonicalJsonOrNull({ b: -0, a: [1, 'x'] })).toBe('{"a":[1,"x"],"b":0}');
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const text = canonicalJsonOrNull(value);
        if (text !== null) expect(text).toBe(canonicalJson(value));
      }),
    );
  });

  it('is the same for any key order, and stable through a JSON round trip', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.integer()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
    );
  });

  it('gives the UTF-8 bytes of the text', () => {
    expect(Array.from(canonicalJsonBytes({ é: 1 }))).toEqual([
      ...new TextEncoder().encode('{"é":1}'),
    ]);
  });
});
