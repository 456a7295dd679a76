/**
 * base64url without padding (RFC 4648 §5), the form keys and signatures travel in: safe in
 * a topic payload, a config file and a QR code. Built on btoa/atob, which every runtime
 * that imports shared/ has; decoding is strict, so a stray character is an error, not a
 * silently different key.
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes, or null when `text` is not canonical unpadded base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return null;
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  // Leftover bits must be zero: one key or signature has exactly one spelling.
  return toBase64Url(bytes) === text ? bytes : null;
}
