/**
 * Ed25519 checks on the hot path (every receipt, every kiosk request) with node:crypto and
 * the public key imported once: importing a key costs about as much as a verification.
 * Each check runs on libuv's thread pool, not the service's one thread: at 0.17 ms apiece
 * they were a quarter of that thread's work under a rush of claims and orders, which
 * queued every request behind them while the pool's threads stood idle.
 * The operator's signed records (certificates, revocations) go through shared/fleet's
 * WebCrypto checks instead (`subtle` below), as the console and the kiosk check them.
 */
import { createPublicKey, verify, webcrypto, type KeyObject } from 'node:crypto';
import type { Ed25519Verifier } from '../../../shared/fleet/receipt-code';

const MAX_KEYS = 10_000;
const keys = new Map<string, KeyObject | null>();

/** The key object of a base64url raw public key, or null when it is not one. */
export function publicKeyOf(raw: string): KeyObject | null {
  const known = keys.get(raw);
  if (known !== undefined) return known;
  let key: KeyObject | null;
  try {
    key = /^[A-Za-z0-9_-]{43}$/.test(raw)
      ? createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' })
      : null;
  } catch {
    key = null;
  }
  if (keys.size >= MAX_KEYS) keys.clear();
  keys.set(raw, key);
  return key;
}

/** Whether `signature` is `publicKey`'s over `data`; false on any malformed input. */
export function verifyEd25519(
  publicKey: string,
  data: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  const key = publicKeyOf(publicKey);
  if (key === null || signature.length !== 64) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      verify(null, data, key, signature, (error, valid) => resolve(error === null && valid));
    } catch {
      resolve(false);
    }
  });
}

/** WebCrypto, for shared/fleet's checks of the operator's records. */
export const subtle = webcrypto.subtle as unknown as Ed25519Verifier<webcrypto.CryptoKey>;
