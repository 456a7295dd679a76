import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readKeptScreen } from '../../service-worker/kept-pages';
import { KEPT_SCREEN_SOURCES, KEPT_SOURCES_MAX_CHARS, keptScreenKey } from './kept-screen-key';

const storageOf =
  (values: Record<string, string | null>) =>
  (key: string): string | null =>
    values[key] ?? null;

const visit = {
  shopLanguage: 'es',
  cart: '{"state":{"cart":[{"id":1,"quantity":2}]},"version":0}',
  savings: '0',
  totalPriceBeforeTax: '2190',
  products: '[{"id":1}]',
};

describe('the key of what a page’s first render is drawn from', () => {
  it('is the same for the same storage, and of the shape the worker accepts', () => {
    const key = keptScreenKey(storageOf(visit));
    expect(key).toBe(keptScreenKey(storageOf({ ...visit })));
    const screen = { path: '/cart', key, html: '<main></main>', lang: 'es', dir: 'ltr' };
    expect(readKeptScreen({ ...screen, styles: [] }, [])?.key).toBe(key);
  });

  it('is the key kept pages already carry: their shape and digest do not change', () => {
    expect(keptScreenKey(storageOf(visit))).toBe('k1.2g.1s7i2a8.1kzxx5h');
  });

  it.each(KEPT_SCREEN_SOURCES)('changes with %s', (name) => {
    const before = keptScreenKey(storageOf(visit));
    expect(keptScreenKey(storageOf({ ...visit, [name]: `${visit[name]} ` }))).not.toBe(before);
    expect(keptScreenKey(storageOf({ ...visit, [name]: null }))).not.toBe(before);
  });

  it('tells a value moved from one key to the next from the same text', () => {
    const a = keptScreenKey(storageOf({ cart: 'ab', savings: 'c' }));
    const b = keptScreenKey(storageOf({ cart: 'a', savings: 'bc' }));
    expect(a).not.toBe(b);
  });

  it('is null beyond the stored text it hashes before a page paints, or when storage throws', () => {
    const products = 'x'.repeat(KEPT_SOURCES_MAX_CHARS);
    expect(keptScreenKey(storageOf({ ...visit, products }))).toBeNull();
    expect(
      keptScreenKey(() => {
        throw new Error('storage switched off');
      }),
    ).toBeNull();
  });

  it('differs for different storage (300 random pairs)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.string({ maxLength: 40 }), { nil: null }), {
          minLength: 5,
          maxLength: 5,
        }),
        fc.array(fc.option(fc.string({ maxLength: 40 }), { nil: null }), {
          minLength: 5,
          maxLength: 5,
        }),
        (first, second) => {
          const of = (values: (string | null)[]) =>
            keptScreenKey((key) => values[KEPT_SCREEN_SOURCES.indexOf(key as never)] ?? null);
          fc.pre(JSON.stringify(first) !== JSON.stringify(second));
          expect(of(first)).not.toBe(of(second));
        },
      ),
      { numRuns: 300 },
    );
  });
});
