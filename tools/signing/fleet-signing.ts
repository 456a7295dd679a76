/**
 * The operator's side of signed remote config (fleet:keygen, fleet:sign): an Ed25519 key
 * pair from node:crypto, the private half as a PKCS#8 PEM file only its owner may read,
 * and the `{config, signature}` envelope a kiosk verifies against fleet.configPublicKey.
 * The signature covers the canonical JSON of `config`, exactly as the kiosk rebuilds it:
 * its keys, version, target, the fleet's topic prefix and the notAfter it expires at.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { rawPublicKey } from '../../fleet-agent/identity/ed25519';
import { canonicalJsonBytes } from '../../shared/fleet/canonical-json';
import {
  configEnvelopeSchema,
  RESERVED_CONFIG_FIELDS,
  signedConfigSchema,
} from '../../shared/fleet/payloads';
import { validateConfigKeys } from '../../shared/kiosk-config/config-validate';
import { kioskRemoteKeys } from '../../fleet-agent/config/remote-keys';
import { DEFAULT_TOPIC_PREFIX } from '../../shared/fleet/topics';

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

/** How long a config is valid when neither the file nor --days says. */
export const DEFAULT_VALID_DAYS = 30;
/** The longest validity fleet:sign signs: a config is re-signed at least every ten years. */
export const MAX_VALID_DAYS = 3650;
const DAY_MS = 86_400_000;

export interface SignOptions {
  /** The fleet's topic prefix, when the file names none (default: kiosk-shop). */
  prefix?: string;
  /** Days from `now` the config stays valid, when the file names no notAfter. */
  days?: number;
  now?: number;
}

/**
 * The config as it is signed: the file's own `prefix` and `notAfter`, or the options'.
 * A file and an option that disagree are an error, not a choice.
 */
export function completeConfig(config: unknown, options: SignOptions = {}): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  const record = config as Record<string, unknown>;
  if (
    options.prefix !== undefined &&
    record.prefix !== undefined &&
    record.prefix !== options.prefix
  ) {
    throw new Error(
      `the config names prefix ${JSON.stringify(record.prefix)}, not ${options.prefix}`,
    );
  }
  if (options.days !== undefined && record.notAfter !== undefined) {
    throw new Error('the config names its own notAfter; leave out --days');
  }
  const days = options.days ?? DEFAULT_VALID_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > MAX_VALID_DAYS) {
    throw new Error(`--days must be a whole number from 1 to ${MAX_VALID_DAYS}`);
  }
  const now = options.now ?? Date.now();
  return {
    ...record,
    prefix: record.prefix ?? options.prefix ?? DEFAULT_TOPIC_PREFIX,
    notAfter: record.notAfter ?? new Date(now + days * DAY_MS).toISOString(),
  };
}

/**
 * What a kiosk would refuse in a config's keys, in the kiosk's own words (its refusal
 * reason, then its validator's), so a value that would only surface in each kiosk's details
 * is never signed. A machine-wide lock is a kiosk's own business and is not guessed here.
 */
export function kioskRefusals(config: Readonly<Record<string, unknown>>): string[] {
  if (config.tombstone === true) return [];
  const keys = Object.fromEntries(
    Object.entries(config).filter(
      ([name]) => !(RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
    ),
  );
  const { reasons } = kioskRemoteKeys({ locks: () => [] }).check(keys);
  const { problems } = validateConfigKeys(keys, 'remote');
  return reasons.map((reason, index) => {
    const problem = problems[index];
    return problem ? `${reason} (${problem.reason})` : reason;
  });
}

/**
 * The envelope for `config` (which names its version and target, and may name its prefix
 * and notAfter; `options` fills them in), or an Error saying why not.
 */
export function signConfig(
  config: unknown,
  privateKey: KeyObject,
  options: SignOptions = {},
): { config: Record<string, unknown>; signature: string; publicKey: string } {
  const checked = signedConfigSchema.safeParse(completeConfig(config, options));
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(
      `the config needs "version" (a positive whole number), "target" ("all" or a kiosk id), a fleet "prefix" and a "notAfter" time in the future; a tombstone sets no keys: ${issue?.path.join('.') || 'config'} ${issue?.message ?? ''}`.trim(),
    );
  }
  const signed = checked.data as Record<string, unknown>;
  const refusals = kioskRefusals(signed);
  if (refusals.length > 0) {
    throw new Error(`every kiosk would refuse this config: ${refusals.join('; ')}`);
  }
  if (Date.parse(checked.data.notAfter) <= (options.now ?? Date.now())) {
    throw new Error(`notAfter ${checked.data.notAfter} has passed: every kiosk would refuse it`);
  }
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
