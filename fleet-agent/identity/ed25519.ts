/**
 * Ed25519 with node:crypto, in the forms the fleet carries keys: base64url of the raw
 * 32-byte public key (as in fleet.configPublicKey and a kiosk's status) and PKCS#8 PEM for
 * private keys on disk. No crypto of our own: only conversions around node:crypto.
 */
import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { fromBase64Url } from '../../shared/fleet/base64url';

/** The base64url raw public key of an Ed25519 key (public or private). */
export function rawPublicKey(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  const { x } = publicKey.export({ format: 'jwk' });
  if (typeof x !== 'string' || publicKey.asymmetricKeyType !== 'ed25519') {
    throw new Error('not an Ed25519 key');
  }
  return x;
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
