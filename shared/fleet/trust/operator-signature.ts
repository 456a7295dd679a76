/**
 * What the operator's enrolment key signs (kiosk certificates, the revocation list), and
 * how a reader of the broker gets at it safely. The signature covers the canonical JSON
 * (canonical-json.ts) of the signed object, which always names its `type` and its fleet
 * (the topic prefix), so a certificate never verifies as a revocation list, nor a fleet's
 * object under another fleet. Signing and verifying are WebCrypto's (crypto.subtle in the
 * console, node:crypto's webcrypto in the kiosk and scripts): no crypto of our own.
 *
 * Readers call canonicalJson only on an object their zod schema has accepted, so a
 * non-finite number or a stray type (which canonicalJson throws on) never gets that far.
 */
import { fromBase64Url, toBase64Url } from '../base64url';
import { canonicalJsonBytes } from '../canonical-json';
import type { Ed25519Verifier } from '../receipt-code';
import { importVerifyKey } from './verify-key-cache';

/** The part of WebCrypto's SubtleCrypto that signing with an imported private key needs. */
export interface Ed25519Signer<Key> {
  sign(
    algorithm: { name: 'Ed25519' },
    key: Key,
    data: Uint8Array<ArrayBuffer>,
  ): Promise<ArrayBuffer | Uint8Array>;
}

/** The signature (base64url) of `signed`'s canonical JSON; `signed` must be schema-checked. */
export async function signObject<Key>(
  signed: object,
  privateKey: Key,
  subtle: Ed25519Signer<Key>,
): Promise<string> {
  const signature = await subtle.sign({ name: 'Ed25519' }, privateKey, canonicalJsonBytes(signed));
  return toBase64Url(new Uint8Array(signature));
}

/**
 * Whether `signature` is `publicKey`'s over the canonical JSON of `signed` (an object its
 * schema accepted). False on any error: a bad key, a bad signature, an unencodable value.
 */
export async function verifyObject<Key>(
  signed: object,
  signature: string,
  publicKey: string,
  subtle: Ed25519Verifier<Key>,
): Promise<boolean> {
  const raw = fromBase64Url(publicKey);
  const signatureBytes = fromBase64Url(signature);
  if (raw?.length !== 32 || signatureBytes?.length !== 64) return false;
  try {
    const key = await importVerifyKey(subtle, publicKey, raw);
    return await subtle.verify(
      { name: 'Ed25519' },
      key,
      signatureBytes,
      canonicalJsonBytes(signed),
    );
  } catch {
    return false;
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * A message's JSON, or undefined when it is larger than `maxBytes`, not UTF-8 or not JSON.
 * Never throws: every reader of the broker starts here.
 */
export function readJsonBytes(bytes: Uint8Array, maxBytes: number): unknown {
  if (bytes.byteLength === 0 || bytes.byteLength > maxBytes) return undefined;
  try {
    return JSON.parse(decoder.decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
