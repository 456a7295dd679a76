/**
 * The config signing key (`fleet-config.key`, from `npm run -s fleet:keygen`), loaded into
 * this page for the session only, as the enrolment key is: a rollout signs a config for each
 * kiosk it reaches, so it needs the key while it runs. Imported with WebCrypto as a key that
 * cannot be exported; its public half is read once on loading (from a copy that is dropped
 * at once) so each envelope names the key it was signed with, and so the operator sees which
 * key is loaded. The kiosks check every signature against their own fleet.configPublicKey.
 */
import type { Ed25519Signer } from '@shared/fleet/trust/operator-signature';
import { readKeyFile } from '../lib/pem-key';

export interface ConfigKeyCrypto extends Ed25519Signer<CryptoKey> {
  importKey(
    format: 'pkcs8',
    keyData: Uint8Array<ArrayBuffer>,
    algorithm: { name: 'Ed25519' },
    extractable: boolean,
    keyUsages: ['sign'],
  ): Promise<CryptoKey>;
  exportKey(format: 'jwk', key: CryptoKey): Promise<{ x?: string }>;
}

export type LoadedConfigKey =
  { ok: true; key: CryptoKey; publicKey: string } | { ok: false; reason: string };

export async function loadConfigKey(
  text: string,
  subtle: ConfigKeyCrypto,
): Promise<LoadedConfigKey> {
  const file = readKeyFile(text);
  if (!file.ok) return file;
  const { der } = file;
  try {
    const copy = await subtle.importKey('pkcs8', der, { name: 'Ed25519' }, true, ['sign']);
    const { x } = await subtle.exportKey('jwk', copy);
    if (typeof x !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(x)) {
      return { ok: false, reason: 'This is not an Ed25519 private key.' };
    }
    const key = await subtle.importKey('pkcs8', der, { name: 'Ed25519' }, false, ['sign']);
    return { ok: true, key, publicKey: x };
  } catch {
    return { ok: false, reason: 'This is not an Ed25519 private key.' };
  }
}
