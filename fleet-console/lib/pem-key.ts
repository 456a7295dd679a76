/**
 * A private key file as the operator loads it into the page (the enrolment key, the config
 * key): a PKCS#8 PEM, read to its DER bytes before WebCrypto is asked to import them.
 */
import { fromBase64Url } from '@shared/fleet/base64url';

/** A PKCS#8 Ed25519 PEM is about 120 characters; a file much larger is not one. */
export const MAX_KEY_FILE_CHARS = 4096;

/** The DER bytes of a `PRIVATE KEY` PEM, or null. */
export function pemBody(text: string): Uint8Array<ArrayBuffer> | null {
  const match =
    /^-----BEGIN PRIVATE KEY-----\s+([A-Za-z0-9+/=\s]+?)\s*-----END PRIVATE KEY-----\s*$/.exec(
      text.trim(),
    );
  if (!match?.[1]) return null;
  const base64 = match[1].replace(/\s+/g, '');
  const base64url = base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return fromBase64Url(base64url);
}

/** A key file's DER bytes, or why the file is not a private key's PEM. */
export function readKeyFile(
  text: string,
): { ok: true; der: Uint8Array<ArrayBuffer> } | { ok: false; reason: string } {
  if (text.length > MAX_KEY_FILE_CHARS) return { ok: false, reason: 'This file is not a key.' };
  const der = pemBody(text);
  return der === null
    ? { ok: false, reason: 'This is not a PEM private key (BEGIN PRIVATE KEY).' }
    : { ok: true, der };
}
