/**
 * The staff PIN as a salted scrypt hash (`staffPinHash`), so the config file, the
 * environment and backups never hold the PIN itself. Written by `npm run staff-pin:hash`,
 * checked by the staff exit. Plain Node crypto: no Electron, so scripts and tests use it.
 * The hash's form, and the PIN's, are the config's (shared/kiosk-config/staff-pin.ts).
 *
 * A 6–12 digit PIN has few possible values, so the hash slows guessing from a stolen file
 * down; it does not make the PIN secret forever (a 6-digit PIN falls to about a day of one
 * CPU core). Keep the file readable only by the kiosk account and administrators, and
 * prefer 8 digits or more.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import {
  readStaffPinHash,
  STAFF_PIN_DIGITS,
  STAFF_PIN_KEY_BYTES,
  STAFF_PIN_PATTERN,
  STAFF_PIN_SALT_BYTES,
  type ScryptCost,
} from '../../../shared/kiosk-config/staff-pin';

/** About 0.1 s and 32 MiB per check: slow for a guesser, unnoticeable at the counter. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

interface ParsedHash extends ScryptCost {
  salt: Buffer;
  key: Buffer;
}

/** null for anything but a hash this module wrote, with a cost inside sane bounds. */
export function parseStaffPinHash(text: string): ParsedHash | null {
  const parts = readStaffPinHash(text);
  if (!parts) return null;
  const { N, r, p } = parts;
  return {
    N,
    r,
    p,
    salt: Buffer.from(parts.salt, 'base64url'),
    key: Buffer.from(parts.key, 'base64url'),
  };
}

function derive(pin: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, STAFF_PIN_KEY_BYTES, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashStaffPin(
  pin: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
  salt: Buffer = randomBytes(STAFF_PIN_SALT_BYTES),
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
