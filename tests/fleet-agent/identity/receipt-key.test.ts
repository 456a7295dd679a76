/**
 * The receipt key on disk: made once (PKCS#8, 0600), read back the same at every start,
 * never read through or written over a symbolic link, and a damaged or exposed key means
 * no key (the plain receipt id), never a silently new one.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rawPublicKey } from '../../../fleet-agent/identity/ed25519';
import { loadReceiptKey, RECEIPT_KEY_FILE } from '../../../fleet-agent/identity/receipt-key';

const POSIX = process.platform !== 'win32';

let dir: string;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'receipt-key-'));
  vi.clearAllMocks();
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const keyPath = () => join(dir, RECEIPT_KEY_FILE);

describe('the receipt key', () => {
  it('is made on the first start as a PKCS#8 Ed25519 PEM, mode 0600, and signs', () => {
    const key = loadReceiptKey(dir, log);
    expect(key).not.toBeNull();
    const pem = readFileSync(keyPath(), 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const privateKey = createPrivateKey(pem);
    expect(privateKey.asymmetricKeyType).toBe('ed25519');
    expect(key?.publicKey).toBe(rawPublicKey(privateKey));
    expect(Buffer.from(key?.publicKey ?? '', 'base64url')).toHaveLength(32);
    if (POSIX) expect(statSync(keyPath()).mode & 0o777).toBe(0o600);
    const signature = key?.sign(Buffer.from('hello')) ?? new Uint8Array();
    expect(verify(null, Buffer.from('hello'), createPublicKey(privateKey), signature)).toBe(true);
    // Nothing left beside it.
    expect(readdirSync(dir)).toEqual([RECEIPT_KEY_FILE]);
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('made a new receipt key'));
  });

  it('is the same key at every later start, and is never made twice', () => {
    const first = loadReceiptKey(dir, log);
    const pem = readFileSync(keyPath(), 'utf8');
    const generate = vi.fn(() => generateKeyPairSync('ed25519').privateKey);
    const second = loadReceiptKey(dir, log, { generate });
    expect(second?.publicKey).toBe(first?.publicKey);
    expect(generate).not.toHaveBeenCalled();
    expect(readFileSync(keyPath(), 'utf8')).toBe(pem);
  });

  it.each([
    ['garbage', 'not a key at all'],
    [
      'an RSA key',
      generateKeyPairSync('rsa', { modulusLength: 1024 })
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
    ],
    [
      'a public key',
      generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    ],
  ])('refuses a file holding %s: no key, logged, the file left as it is', (_name, text) => {
    writeFileSync(keyPath(), text, { mode: 0o600 });
    expect(loadReceiptKey(dir, log)).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('not an Ed25519 private key'));
    expect(readFileSync(keyPath(), 'utf8')).toBe(text);
  });

  it.runIf(POSIX)('refuses a key other accounts may read', () => {
    loadReceiptKey(dir, log);
    chmodSync(keyPath(), 0o644);
    expect(loadReceiptKey(dir, log)).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('readable by other accounts'));
  });

  it.runIf(POSIX)('neither reads through nor writes over a symbolic link', () => {
    // A valid key elsewhere: following the link would "work", and must not.
    const elsewhere = join(dir, 'elsewhere.pem');
    const pem = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    writeFileSync(elsewhere, pem, { mode: 0o600 });
    symlinkSync(elsewhere, keyPath());
    expect(loadReceiptKey(dir, log)).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('symbolic link'));

    // A dangling link: making a key must not create the file it points to.
    rmSync(keyPath());
    const target = join(dir, 'target.pem');
    symlinkSync(target, keyPath());
    expect(loadReceiptKey(dir, log)).toBeNull();
    expect(existsSync(target)).toBe(false);
  });

  it('a folder it cannot write in gives no key, logged, and no crash', () => {
    expect(loadReceiptKey(join(dir, 'missing'), log)).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('cannot make a receipt key'));
  });

  it('a directory in its place is no key', () => {
    mkdirSync(keyPath());
    expect(loadReceiptKey(dir, log)).toBeNull();
  });
});
