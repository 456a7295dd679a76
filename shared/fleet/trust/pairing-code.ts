/**
 * The pairing code: what staff read aloud from a kiosk's screen and the operator compares
 * in the console before enrolling it. It is derived from the kiosk's receipt public key
 * (SHA-256 over a domain label and the raw key), so a request on the broker that carries
 * another key shows another code. Sixteen digits in four groups: easy to read aloud, and
 * about 53 bits, so making a key whose code matches a given one takes ~2^53 key pairs.
 *
 * The SHA-256 is the caller's (node:crypto in the kiosk, WebCrypto in the console): the
 * bytes to hash come from pairingCodeInput, the code from the digest.
 */
import { fromBase64Url } from '../base64url';

const DOMAIN = 'kiosk-shop pairing code v1\u0000';
export const PAIRING_CODE_PATTERN = /^\d{4} \d{4} \d{4} \d{4}$/;

/** The bytes whose SHA-256 gives the code, or null when `publicKey` is not a raw key. */
export function pairingCodeInput(publicKey: string): Uint8Array<ArrayBuffer> | null {
  const raw = fromBase64Url(publicKey);
  if (raw?.length !== 32) return null;
  const domain = new TextEncoder().encode(DOMAIN);
  const bytes = new Uint8Array(domain.length + raw.length);
  bytes.set(domain);
  bytes.set(raw, domain.length);
  return bytes;
}

/** "1234 5678 9012 3456": each group from three bytes of the digest (bias under 1 in 1,600). */
export function pairingCodeFromDigest(digest: Uint8Array): string {
  if (digest.length < 12) throw new Error('a SHA-256 digest is 32 bytes');
  const groups: string[] = [];
  for (let group = 0; group < 4; group += 1) {
    const [a = 0, b = 0, c = 0] = digest.subarray(group * 3, group * 3 + 3);
    groups.push(String(((a << 16) | (b << 8) | c) % 10_000).padStart(4, '0'));
  }
  return groups.join(' ');
}

/** The code of a public key, with the runtime's SHA-256; null when it is not a raw key. */
export async function pairingCode(
  publicKey: string,
  sha256: (bytes: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer | Uint8Array>,
): Promise<string | null> {
  const input = pairingCodeInput(publicKey);
  if (input === null) return null;
  return pairingCodeFromDigest(new Uint8Array(await sha256(input)));
}
