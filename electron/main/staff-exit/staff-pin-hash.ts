/**
 * The staff PIN as a salted scrypt hash (`staffPinHash`), so the config file, the
 * environment and backups never hold the PIN itself. Written by `npm run staff-pin:hash`,
 * checked by the staff exit. Plain Node crypto: no Electron, so scripts and tests use it.
 *
 * Format: `scrypt:<N>:<r>:<p>:<salt>:<key>`, salt and key in base64url; no `$`, so the hash
 * needs no quoting in a shell, a systemd unit or a .desktop file.
 *
 * A 6–12 digit PIN has few possible values, so the hash slows guessing from a stolen file
 * down; it does not make the PIN secret forever (a 6-digit PIN falls to about a day of one
 * CPU core). Keep the file readable only by the kiosk account and administrators, and
 * prefer 8 digits or more.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * 6 to 12 ASCII digits. Four digits fell to the lock-out's daily allowance in about a
 * month; six need thousands of days at the daily cap (pin-lockout.ts).
 */
export const STAFF_PIN_PATTERN = /^[0-9]{6,12}$/;
export const STAFF_PIN_DIGITS = '6 to 12';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** About 0.1 s and 32 MiB per check: slow for a guesser, unnoticeable at the counter. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

interface ParsedHash extends ScryptCost {
  salt: Buffer;
  key: Buffer;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const isPowerOfTwo = (value: number): boolean => (value & (value - 1)) === 0;

/** null for anything but a hash this module wrote, with a cost inside sane bounds. */
export function parseStaffPinHash(text: string): ParsedHash | null {
  const parts = text.trim().split(':');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : 0));
  const [saltText, keyText] = parts.slice(4);
  if (N === undefined || r === undefined || p === undefined) return null;
  // Below 2^14 is too cheap to guess against; above 2^20 a check takes seconds and 1 GiB.
  if (N < 2 ** 14 || N > 2 ** 20 || !isPowerOfTwo(N) || r < 1 || r > 16 || p < 1 || p > 4) {
    return null;
  }
  if (!saltText || !keyText || !BASE64URL.test(saltText) || !BASE64URL.test(keyText)) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length < SALT_BYTES || key.length !== KEY_BYTES) return null;
  return { N, r, p, salt, key };
}

function derive(pin: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashStaffPin(
  pin: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
  salt: Buffer = randomBytes(SALT_BYTES),
): Promise<string> {
  if (!STAFF_PIN_PATTERN.test(pin)) {
    throw new Error(`The staff PIN must be ${STAFF_PIN_DIGITS} digits`);
  }
  const key = await derive(pin, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')]
    .map(String)
    .join(':');
}

/**
 * Constant-time on the derived keys; false for a malformed hash, and for a PIN that is not
 * 6 to 12 digits, so a hash of a shorter PIN made before that rule no longer opens the exit.
 */
export async function verifyStaffPin(pin: string, hash: string): Promise<boolean> {
  const parsed = parseStaffPinHash(hash);
  if (!parsed || pin.length > 64 || !STAFF_PIN_PATTERN.test(pin.normalize('NFKC'))) return false;
  const key = await derive(pin, parsed.salt, parsed);
  return timingSafeEqual(key, parsed.key);
}
