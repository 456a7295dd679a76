/** A remote config signed by the operator, and why a kiosk refuses one. */
import { z } from 'zod';
import { parseConfigTarget } from '../groups';
import { isPublicKeyText } from '../receipt-code';
import { isValidTopicPrefix } from '../topics';
import { isoTime } from './message-fields';

export const signatureTextSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{86}$/, 'must be a base64url Ed25519 signature');

/** The signed part: config keys in their nested file form, plus the fields below. */
export const signedConfigSchema = z
  .looseObject({
    /** Strictly higher than every version a kiosk has taken on that topic. */
    version: z.int().positive(),
    /** `all`, `region:<id>`, `store:<id>` or a kiosk id (groups.ts). */
    target: z
      .string()
      .refine(
        (value) => parseConfigTarget(value) !== null,
        'must be "all", "region:<id>", "store:<id>" or a kiosk id',
      ),
    /** The fleet's topic prefix (fleet.topicPrefix): a config for one fleet is no other's. */
    prefix: z.string().refine(isValidTopicPrefix, 'must be a fleet topic prefix'),
    /** After this moment the config no longer applies, wherever it is kept. */
    notAfter: isoTime,
    /** A signed withdrawal: the topic's config in force stops applying; it sets no key. */
    tombstone: z.literal(true).optional(),
  })
  .refine(
    (config) =>
      config.tombstone !== true ||
      Object.keys(config).every((name) =>
        (RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
      ),
    { message: 'a tombstone sets no keys', path: ['tombstone'] },
  );
export type SignedConfig = z.infer<typeof signedConfigSchema>;

export const configEnvelopeSchema = z.strictObject({
  config: signedConfigSchema,
  signature: signatureTextSchema,
  /**
   * The signer's public key, as a hint: a kiosk that expects another key says "wrong key"
   * (the operator signed with an old or foreign key) instead of "bad signature". Never
   * trusted: the signature is always checked against the kiosk's own configured key.
   */
  publicKey: z.string().refine(isPublicKeyText, 'must be a base64url raw Ed25519 key').optional(),
});
export type ConfigEnvelope = z.infer<typeof configEnvelopeSchema>;

/** Fields of `config` that are not config keys. */
export const RESERVED_CONFIG_FIELDS = [
  'version',
  'target',
  'prefix',
  'notAfter',
  'tombstone',
] as const;

/** Why a kiosk refused a remote config (or one key of it); the exact strings health shows. */
export const REFUSAL_REASONS = {
  badSignature: 'bad signature',
  wrongKey: 'wrong key',
  noPublicKey: 'no public key',
  malformed: 'malformed',
  staleVersion: 'stale version',
  wrongTarget: 'wrong target',
  wrongPrefix: 'wrong prefix',
  expired: 'expired',
  belowMinimumVersion: 'below the minimum config version',
  emptyMessage: 'empty message ignored (withdraw with a signed tombstone)',
  belowMinimumAppVersion: (key: string) => `below the minimum app version: ${key}`,
  invalidValue: (key: string) => `invalid value: ${key}`,
  locked: (key: string) => `locked: ${key}`,
} as const;

/** Signed configs are small; a larger retained message is refused unread. */
export const MAX_CONFIG_BYTES = 64 * 1024;
