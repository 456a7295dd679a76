/**
 * The staff PIN hash's form as config takes it: scrypt with a cost in bounds, a salt of 16
 * bytes or more and a key of 32, counted as the kiosk decodes them (Node's Buffer).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64UrlByteLength,
  readStaffPinHash,
  STAFF_PIN_PATTERN,
} from '../../../shared/kiosk-config/staff-pin';

const SALT = Buffer.alloc(16, 7).toString('base64url');
const KEY = Buffer.alloc(32, 9).toString('base64url');
const hash = (...parts: (string | number)[]) => ['scrypt', ...parts].join(':');

describe('the staff PIN hash’s form', () => {
  it('reads a hash npm run staff-pin:hash writes, its salt and key as text', () => {
    expect(readStaffPinHash(` ${hash(32768, 8, 1, SALT, KEY)}\n`)).toEqual({
      N: 32768,
      r: 8,
      p: 1,
      salt: SALT,
      key: KEY,
    });
  });

  it('refuses other schemes, costs out of bounds, short salts and keys of another length', () => {
    for (const bad of [
      '',
      hash(32768, 8, 1, SALT),
      `bcrypt:32768:8:1:${SALT}:${KEY}`,
      hash(2 ** 13, 8, 1, SALT, KEY),
      hash(2 ** 21, 8, 1, SALT, KEY),
      hash(30000, 8, 1, SALT, KEY),
      hash(32768, 0, 1, SALT, KEY),
      hash(32768, 17, 1, SALT, KEY),
      hash(32768, 8, 5, SALT, KEY),
      hash(32768, 8, 1, Buffer.alloc(15).toString('base64url'), KEY),
      hash(32768, 8, 1, SALT, Buffer.alloc(31).toString('base64url')),
      hash(32768, 8, 1, SALT, `${KEY}!`),
      `${hash(32768, 8, 1, SALT, KEY)}:extra`,
    ]) {
      expect(readStaffPinHash(bad), bad).toBeNull();
    }
  });

  it('counts bytes as Buffer decodes base64url, whatever the length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/), (text) => {
        expect(base64UrlByteLength(text)).toBe(Buffer.from(text, 'base64url').length);
      }),
    );
  });

  it('takes a PIN of 6 to 12 digits only', () => {
    expect(STAFF_PIN_PATTERN.test('123456')).toBe(true);
    expect(STAFF_PIN_PATTERN.test('123456789012')).toBe(true);
    expect(STAFF_PIN_PATTERN.test('12345')).toBe(false);
    expect(STAFF_PIN_PATTERN.test('1234567890123')).toBe(false);
  });
});
