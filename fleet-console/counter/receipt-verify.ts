/**
 * Checks a decoded receipt's Ed25519 signature with the browser's WebCrypto against the
 * public keys the console knows for the kiosk that signed it. No crypto of our own.
 */
import { decodeBase64Url } from '../lib/base64url';
import type { DecodedReceipt } from './receipt-code';

/** A detached copy: WebCrypto wants a buffer that nothing else can change underneath it. */
const bytes = (view: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(view);

async function verifyWith(publicKey: string, receipt: DecodedReceipt): Promise<boolean> {
  const raw = decodeBase64Url(publicKey);
  if (raw?.byteLength !== 32) return false;
  try {
    const key = await crypto.subtle.importKey('raw', bytes(raw), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      bytes(receipt.signature),
      bytes(receipt.signedBytes),
    );
  } catch {
    // A key the browser cannot use verifies nothing.
    return false;
  }
}

/** True only when one of `publicKeys` verifies the signature over the exact signed bytes. */
export async function verifyReceipt(
  receipt: DecodedReceipt,
  publicKeys: readonly string[],
): Promise<boolean> {
  for (const publicKey of publicKeys) {
    if (await verifyWith(publicKey, receipt)) return true;
  }
  return false;
}
