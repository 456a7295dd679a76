/**
 * The operator's side of signed remote config (fleet:keygen, fleet:sign): an Ed25519 key
 * pair from node:crypto, the private half as a PKCS#8 PEM file only its owner may read,
 * and the `{config, signature}` envelope a kiosk verifies against fleet.configPublicKey.
 * The signature covers the canonical JSON of `config`, exactly as the kiosk rebuilds it.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { rawPublicKey } from '../../electron/main/fleet/ed25519';
import { canonicalJsonBytes } from '../../shared/fleet/canonical-json';
import { configEnvelopeSchema, signedConfigSchema } from '../../shared/fleet/payloads';

export const DEFAULT_CONFIG_KEY_FILE = 'fleet-config.key';
/** The enrolment key (kiosk certificates, revocations): an Ed25519 key like the config key. */
export const DEFAULT_ENROLMENT_KEY_FILE = 'fleet-enrolment.key';

/** Makes a key pair, writes the private key to `path` (never over an existing file). */
export function writeNewConfigKey(path: string): { publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const noFollow = (constants as { O_NOFOLLOW?: number }).O_NOFOLLOW ?? 0;
  let fd: number;
  try {
    fd = openSync(
      path,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow,
      0o600,
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') {
      throw new Error(`${path} already exists; not overwriting a key (move it away first)`, {
        cause: error,
      });
    }
    throw error;
  }
  try {
    writeSync(fd, pem);
  } finally {
    closeSync(fd);
  }
  return { publicKey: rawPublicKey(privateKey) };
}

export function readConfigKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new Error('the key file is not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the key is not an Ed25519 key');
  return key;
}

/** The envelope for `config` (which names its version and target), or an Error saying why not. */
export function signConfig(
  config: unknown,
  privateKey: KeyObject,
): { config: Record<string, unknown>; signature: string; publicKey: string } {
  const checked = signedConfigSchema.safeParse(config);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(
      `the config needs "version" (a positive whole number) and "target" ("all" or a kiosk id): ${issue?.path.join('.') || 'config'} ${issue?.message ?? ''}`.trim(),
    );
  }
  const signed = checked.data as Record<string, unknown>;
  const signature = Buffer.from(sign(null, canonicalJsonBytes(signed), privateKey)).toString(
    'base64url',
  );
  const envelope = { config: signed, signature, publicKey: rawPublicKey(privateKey) };
  // The kiosk's own schema: what it would refuse unread is not printed.
  if (!configEnvelopeSchema.safeParse(envelope).success) {
    throw new Error('the signed envelope does not match the kiosk’s schema');
  }
  return envelope;
}
