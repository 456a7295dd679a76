/**
 * Ed25519 with node:crypto, in the forms the fleet carries keys: base64url of the raw
 * 32-byte public key (as in fleet.configPublicKey and a kiosk's status) and PKCS#8 PEM for
 * private keys on disk. No crypto of our own: only conversions around node:crypto.
 */
import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { fromBase64Url, toBase64Url } from '../../shared/fleet/base64url';

/** An Ed25519 public key in SPKI DER (RFC 8410): this prefix, then the 32-byte raw key. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * The base64url raw public key of an Ed25519 key (public or private), read from its SPKI
 * form. Not from its JWK form: node:crypto writes a JWK while holding the key's lock, and a
 * garbage collection in that moment that finalizes the job which generated the key takes the
 * same lock and never returns (generating keys and writing their JWKs in a loop hangs the
 * process after 5,000–20,000 keys in most runs; a kiosk does it once, a simulated fleet thousands of
 * times). Its test holds the loop to a bound.
 */
export function rawPublicKey(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  if (
    der.length !== SPKI_PREFIX.length + 32 ||
    !der.subarray(0, SPKI_PREFIX.length).equals(SPKI_PREFIX)
  ) {
    throw new Error('not an Ed25519 key');
  }
  return toBase64Url(der.subarray(SPKI_PREFIX.length));
}

/** A public key from its base64url raw form, or null when it is not one. */
export function publicKeyFromRaw(text: string): KeyObject | null {
  if (fromBase64Url(text)?.length !== 32) return null;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: text }, format: 'jwk' });
  } catch {
    return null;
  }
}

export function signBytes(privateKey: KeyObject, bytes: Uint8Array): Uint8Array {
  return sign(null, bytes, privateKey);
}

/** Whether `signature` (base64url) is `publicKey`'s over `bytes`; false on any error. */
export function verifyBytes(publicKey: KeyObject, bytes: Uint8Array, signature: string): boolean {
  const raw = fromBase64Url(signature);
  if (raw?.length !== 64) return false;
  try {
    return verify(null, bytes, publicKey, raw);
  } catch {
    return false;
  }
}
