/**
 * The kiosk's receipt key: an Ed25519 key pair made on the first start with a fleet, kept
 * in `<userData>/fleet-receipt-key.pem` (PKCS#8, mode 0600). Its public key goes out in the
 * kiosk's online status, so the counter can check the receipts this kiosk signs; the
 * private key never leaves this module.
 *
 * The file is read and written without following a symbolic link (whoever can plant one
 * in userData must not make the kiosk read or overwrite another file), and written aside
 * then linked into place, so a power cut never leaves half a key and an existing key is
 * never replaced. A key that cannot be read, is not an Ed25519 private key, or that other
 * accounts may read is not used: one log line, no public key, and the plain receipt-id QR
 * (a counter then treats the kiosk as one without signed receipts). It is left where it
 * is for a person to look at; deleting it makes a new key at the next start.
 */
import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { FleetLog } from '../fleet-log';
import { rawPublicKey, signBytes } from './ed25519';

export const RECEIPT_KEY_FILE = 'fleet-receipt-key.pem';

/** A PKCS#8 Ed25519 PEM is about 120 bytes; anything much larger is not one. */
const MAX_KEY_FILE_BYTES = 4096;

// Not on Windows, where node has no O_NOFOLLOW (and file modes mean little).
const NO_FOLLOW = (constants as { O_NOFOLLOW?: number }).O_NOFOLLOW ?? 0;

export interface ReceiptKey {
  /** base64url of the raw 32-byte public key, as the status carries it. */
  readonly publicKey: string;
  /** The Ed25519 signature over `bytes`. */
  sign(bytes: Uint8Array): Uint8Array;
}

export interface ReceiptKeyOptions {
  platform?: NodeJS.Platform;
  /** A fresh key pair; node:crypto's by default (a test may count calls). */
  generate?: () => KeyObject;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/**
 * The receipt key of a private key already in hand. Exported for the fleet simulator, whose
 * kiosks keep their keys in memory but sign exactly as a kiosk does.
 */
export function receiptKeyFrom(privateKey: KeyObject): ReceiptKey {
  const publicKey = rawPublicKey(privateKey);
  return Object.freeze({ publicKey, sign: (bytes: Uint8Array) => signBytes(privateKey, bytes) });
}

/** The PEM text of the key file, or the reason it cannot be used. */
function readKeyFile(path: string, platform: NodeJS.Platform): { pem: string } | { why: string } {
  const fd = openSync(path, constants.O_RDONLY | NO_FOLLOW);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { why: 'is not a regular file' };
    if (stat.size > MAX_KEY_FILE_BYTES) return { why: 'is too large to be a key' };
    // A key others can read could sign receipts elsewhere: it is no proof of this kiosk.
    if (platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      return { why: `is readable by other accounts (mode ${(stat.mode & 0o777).toString(8)})` };
    }
    return { pem: readFileSync(fd, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

function parsePrivateKey(pem: string): KeyObject | null {
  try {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/** Writes `pem` to `path` only if nothing is there yet: aside, synced, then hard-linked in. */
function writeNewKeyFile(path: string, pem: string): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
    0o600,
  );
  try {
    try {
      writeSync(fd, pem);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // link() never replaces what is there (EEXIST) and never follows a link at `path`.
    linkSync(temporary, path);
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // Already gone; nothing else to clean up.
    }
  }
}

/**
 * The receipt key kept in `userDataDir`, made there if there is none yet; null (logged)
 * when it cannot be read or made.
 */
export function loadReceiptKey(
  userDataDir: string,
  log: FleetLog,
  options: ReceiptKeyOptions = {},
): ReceiptKey | null {
  return openReceiptKey(userDataDir, log, options, false);
}

function openReceiptKey(
  userDataDir: string,
  log: FleetLog,
  options: ReceiptKeyOptions,
  raced: boolean,
): ReceiptKey | null {
  const path = join(userDataDir, RECEIPT_KEY_FILE);
  const platform = options.platform ?? process.platform;
  const refuse = (why: string): null => {
    log.error(
      `Receipts: the receipt key ${path} ${why}; receipts show the plain receipt id until it is fixed (delete it to make a new key)`,
    );
    return null;
  };

  let found: { pem: string } | { why: string } | null = null;
  try {
    found = readKeyFile(path, platform);
  } catch (error) {
    if (codeOf(error) === 'ELOOP') return refuse('is a symbolic link');
    if (codeOf(error) !== 'ENOENT') return refuse(`cannot be read (${errorText(error)})`);
  }
  if (found !== null) {
    if ('why' in found) return refuse(found.why);
    const key = parsePrivateKey(found.pem);
    return key ? receiptKeyFrom(key) : refuse('is not an Ed25519 private key (PKCS#8 PEM)');
  }

  try {
    const privateKey = options.generate?.() ?? generateKeyPairSync('ed25519').privateKey;
    writeNewKeyFile(path, privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    const key = receiptKeyFrom(privateKey);
    log.info(`Receipts: made a new receipt key in ${path} (public key ${key.publicKey})`);
    return key;
  } catch (error) {
    // Another start won the race (EEXIST): read what it wrote rather than a second key.
    if (codeOf(error) === 'EEXIST' && !raced)
      return openReceiptKey(userDataDir, log, options, true);
    log.error(
      `Receipts: cannot make a receipt key in ${path} (${errorText(error)}); receipts show the plain receipt id`,
    );
    return null;
  }
}
