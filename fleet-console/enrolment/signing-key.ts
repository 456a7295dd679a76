/**
 * The operator's enrolment private key, loaded into this page for the session only: the
 * PKCS#8 PEM that `npm run -s fleet:keygen -- --enrolment` wrote, imported with WebCrypto as a key that
 * cannot be exported, and used only once it has proved to be the private half of the
 * enrolment public key pinned in the console's settings. Never stored, never sent.
 */
import {
  signObject,
  verifyObject,
  type Ed25519Signer,
} from '@shared/fleet/trust/operator-signature';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import { readKeyFile } from '../lib/pem-key';

export interface WebCryptoKeys extends Ed25519Signer<CryptoKey>, Ed25519Verifier<CryptoKey> {
  importKey(
    format: 'pkcs8',
    keyData: Uint8Array<ArrayBuffer>,
    algorithm: { name: 'Ed25519' },
    extractable: false,
    keyUsages: ['sign'],
  ): Promise<CryptoKey>;
  importKey(
    format: 'raw',
    keyData: Uint8Array<ArrayBuffer>,
    algorithm: { name: 'Ed25519' },
    extractable: false,
    keyUsages: ['verify'],
  ): Promise<CryptoKey>;
}

export type LoadedKey = { ok: true; key: CryptoKey } | { ok: false; reason: string };

export async function loadSigningKey(
  text: string,
  pinnedPublicKey: string,
  subtle: WebCryptoKeys,
): Promise<LoadedKey> {
  if (pinnedPublicKey === '') {
    return { ok: false, reason: 'Set the enrolment public key first (Connection).' };
  }
  const file = readKeyFile(text);
  if (!file.ok) return file;
  const { der } = file;
  let key: CryptoKey;
  try {
    key = await subtle.importKey('pkcs8', der, { name: 'Ed25519' }, false, ['sign']);
  } catch {
    return { ok: false, reason: 'This is not an Ed25519 private key.' };
  }
  // Proof: something it signs verifies under the pinned public key.
  const probe = { type: 'enrolment-key-probe', at: Date.now() };
  const signature = await signObject(probe, key, subtle);
  if (!(await verifyObject(probe, signature, pinnedPublicKey, subtle))) {
    return {
      ok: false,
      reason:
        'This key is not the private half of the enrolment public key pinned in this console.',
    };
  }
  return { ok: true, key };
}
