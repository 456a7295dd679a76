/**
 * Ed25519 keys and signatures for fleet tests, made with node:crypto as the kiosk and the
 * scripts make them: a config signing key, a kiosk's receipt key, and a signed envelope.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { rawPublicKey } from '../../fleet-agent/identity/ed25519';
import { canonicalJsonBytes } from '../../shared/fleet/canonical-json';

export interface TestKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** base64url raw 32-byte public key, as fleet.configPublicKey and the status carry it. */
  publicText: string;
  /** PKCS#8 PEM of the private key, as fleet:keygen writes it. */
  privatePem: string;
}

export function makeKeyPair(): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    publicKey,
    publicText: rawPublicKey(publicKey),
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

/** `{config, signature}` as fleet:sign prints it. */
export function signEnvelope(
  config: Record<string, unknown>,
  key: KeyObject,
): { config: Record<string, unknown>; signature: string } {
  const signature = sign(null, canonicalJsonBytes(config), key).toString('base64url');
  return { config, signature };
}

/**
 * A config signed as `fleet:sign` makes one for `prefix`: bound to that fleet and valid for an
 * hour unless the config says otherwise.
 */
export function signFleetConfig(
  config: Record<string, unknown>,
  key: KeyObject,
  prefix: string,
): { config: Record<string, unknown>; signature: string } {
  const notAfter = new Date(Date.now() + 3_600_000).toISOString();
  return signEnvelope({ prefix, notAfter, ...config }, key);
}
