import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../../../shared/fleet/base64url';

describe('base64url', () => {
  it('round-trips any bytes without padding or + and /', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64Url(text)).toEqual(new Uint8Array(bytes));
      }),
    );
  });

  it('matches Node’s base64url', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1]);
    expect(toBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it.each(['a', 'ab=', 'ab+c', 'ab/c', 'ab c', 'AB==', 'AF'])(
    'refuses %j: one value has exactly one spelling',
    (text) => {
      expect(fromBase64Url(text)).toBeNull();
    },
  );
});
