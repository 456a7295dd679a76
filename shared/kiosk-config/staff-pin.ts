/**
 * The staff PIN as config holds it: the PIN itself (`staffPin`, 6 to 12 digits) or its salted
 * scrypt hash (`staffPinHash`), written by `npm run staff-pin:hash`. This is the hash's form;
 * making and checking one is the kiosk's (electron/main/staff-exit/staff-pin-hash.ts).
 *
 * Format: `scrypt:<N>:<r>:<p>:<salt>:<key>`, salt and key in base64url; no `$`, so the hash
 * needs no quoting in a shell, a systemd unit or a .desktop file.
 */

/**
 * 6 to 12 ASCII digits. Four digits fell to the lock-out's daily allowance in about a
 * month; six need thousands of days at the daily cap (pin-lockout.ts).
 */
export const STAFF_PIN_PATTERN = /^[0-9]{6,12}$/;
export const STAFF_PIN_DIGITS = '6 to 12';

/** The derived key's length, and the least a salt may have. */
export const STAFF_PIN_KEY_BYTES = 32;
export const STAFF_PIN_SALT_BYTES = 16;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** A hash's cost, and its salt and key as the base64url text it holds them in. */
export interface StaffPinHashParts extends ScryptCost {
  salt: string;
  key: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const isPowerOfTwo = (value: number): boolean => (value & (value - 1)) === 0;

/**
 * How many bytes unpadded base64url text of this length decodes to, as Node's Buffer counts
 * them (a lone last character adds none).
 */
export function base64UrlByteLength(text: string): number {
  return Math.floor((text.length * 3) / 4);
}

/** null for anything but a hash `npm run staff-pin:hash` writes, with a cost inside sane bounds. */
export function readStaffPinHash(text: string): StaffPinHashParts | null {
  const parts = text.trim().split(':');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : 0));
  const [salt, key] = parts.slice(4);
  if (N === undefined || r === undefined || p === undefined) return null;
  // Below 2^14 is too cheap to guess against; above 2^20 a check takes seconds and 1 GiB.
  if (N < 2 ** 14 || N > 2 ** 20 || !isPowerOfTwo(N) || r < 1 || r > 16 || p < 1 || p > 4) {
    return null;
  }
  if (!salt || !key || !BASE64URL.test(salt) || !BASE64URL.test(key)) return null;
  if (base64UrlByteLength(salt) < STAFF_PIN_SALT_BYTES) return null;
  if (base64UrlByteLength(key) !== STAFF_PIN_KEY_BYTES) return null;
  return { N, r, p, salt, key };
}
