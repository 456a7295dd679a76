/**
 * The rules one signed config envelope must pass, whatever came before it: a pure function
 * of the envelope and what the kiosk knows (its key, prefix and id, its groups, the owner's
 * minimum version, the rules of its keys, the time). Which version came before is remote-config.ts's business.
 *
 * In order: the shape (`malformed`), a key to check with (`no public key`), the signer's
 * hint (`wrong key`), the signature over the canonical JSON of `config` (`bad signature`),
 * then what the signature binds: the fleet's topic prefix (`wrong prefix`), the topic's
 * audience (`wrong target`), the validity (`expired`) and the owner's floor (`below the
 * minimum config version`). Only then are the keys read, each on its own, by the rules of
 * the config they belong to (RemoteKeyRules: the kiosk's table, its locks and floors): a bad
 * or locked key is a refusal of that key, and the rest apply. A tombstone sets no keys.
 */
import { createHash } from 'node:crypto';
import { canonicalJsonOrNull } from '../../shared/fleet/canonical-json';
import {
  configEnvelopeSchema,
  REFUSAL_REASONS,
  RESERVED_CONFIG_FIELDS,
  type ConfigEnvelope,
} from '../../shared/fleet/payloads';
import { groupTarget, type KioskGroups } from '../../shared/fleet/groups';
import { ALL_KIOSKS } from '../../shared/fleet/topics';
import { publicKeyFromRaw, verifyBytes } from '../identity/ed25519';

/** Which config topic a payload came from: the fleet's, a region's, a store's or the kiosk's. */
export type RemoteScope = 'fleet' | 'region' | 'store' | 'kiosk';

/**
 * The one target a payload on a scope's topic may carry for this kiosk; null when the kiosk
 * belongs to no group of that kind, so nothing on such a topic can ever apply to it.
 */
export function audienceOf(
  scope: RemoteScope,
  kioskId: string,
  groups: KioskGroups,
): string | null {
  switch (scope) {
    case 'fleet':
      return ALL_KIOSKS;
    case 'kiosk':
      return kioskId;
    case 'store':
    case 'region': {
      const id = groups[scope];
      return id === null ? null : groupTarget(scope, id);
    }
  }
}

/**
 * How the keys of a signed config are read: each on its own, the valid ones kept and each
 * other one refused with its reason (an invalid value, a key the owner locks, a pin under
 * the owner's floor). The kiosk's config table decides; the envelope's rules do not know it.
 */
export interface RemoteKeyRules<Values> {
  check(keys: Readonly<Record<string, unknown>>): { values: Partial<Values>; reasons: string[] };
}

export interface EnvelopeContext<Values> {
  scope: RemoteScope;
  kioskId: string;
  /** The store and region this kiosk belongs to now (kiosk-groups.ts). */
  groups: KioskGroups;
  /** fleet.topicPrefix of this kiosk. */
  prefix: string;
  /** fleet.configPublicKey ('' = none: everything is refused). */
  publicKey: string;
  /** fleet.minConfigVersion (0 = none). */
  minVersion: number;
  /** The config's own rules for the keys, read once the envelope has passed. */
  keys: RemoteKeyRules<Values>;
  /** Milliseconds since the epoch. */
  now: number;
}

export type EnvelopeCheck<Values> =
  | {
      ok: true;
      envelope: ConfigEnvelope;
      /** The keys that apply: none for a tombstone. */
      values: Partial<Values>;
      /** Refusals of single keys; the envelope still applies without them. */
      keyReasons: string[];
      digest: string;
      tombstone: boolean;
      /** notAfter, in milliseconds since the epoch. */
      expiresAt: number;
    }
  | { ok: false; reasons: string[] };

const refused = (reason: string): { ok: false; reasons: string[] } => ({
  ok: false,
  reasons: [reason],
});

/** The digest that tells two configs of one version apart; null when it has none. */
export function configDigest(config: unknown): string | null {
  const text = canonicalJsonOrNull(config);
  return text === null ? null : createHash('sha256').update(text).digest('base64url');
}

/** The envelope's shape alone: what version and digest it claims, before any check. */
export function readEnvelope(value: unknown): { envelope: ConfigEnvelope; digest: string } | null {
  const parsed = configEnvelopeSchema.safeParse(value);
  if (!parsed.success) return null;
  const digest = configDigest(parsed.data.config);
  return digest === null ? null : { envelope: parsed.data, digest };
}

export function checkEnvelope<Values>(
  value: unknown,
  context: EnvelopeContext<Values>,
): EnvelopeCheck<Values> {
  const read = readEnvelope(value);
  if (!read) return refused(REFUSAL_REASONS.malformed);
  const { envelope, digest } = read;
  const { config } = envelope;
  if (context.publicKey === '') return refused(REFUSAL_REASONS.noPublicKey);
  const key = publicKeyFromRaw(context.publicKey);
  if (!key) return refused(REFUSAL_REASONS.noPublicKey);
  if (envelope.publicKey !== undefined && envelope.publicKey !== context.publicKey) {
    return refused(REFUSAL_REASONS.wrongKey);
  }
  const signed = canonicalJsonOrNull(config);
  if (signed === null) return refused(REFUSAL_REASONS.malformed);
  if (!verifyBytes(key, new TextEncoder().encode(signed), envelope.signature)) {
    return refused(REFUSAL_REASONS.badSignature);
  }
  if (config.prefix !== context.prefix) return refused(REFUSAL_REASONS.wrongPrefix);
  // A config for another store, region or kiosk never applies here, whichever topic it came on.
  const audience = audienceOf(context.scope, context.kioskId, context.groups);
  if (audience === null || config.target !== audience) {
    return refused(REFUSAL_REASONS.wrongTarget);
  }
  const expiresAt = Date.parse(config.notAfter);
  if (!(expiresAt > context.now)) return refused(REFUSAL_REASONS.expired);
  if (config.version < context.minVersion) return refused(REFUSAL_REASONS.belowMinimumVersion);

  const tombstone = config.tombstone === true;
  if (tombstone)
    return { ok: true, envelope, values: {}, keyReasons: [], digest, tombstone, expiresAt };
  const keys = Object.fromEntries(
    Object.entries(config).filter(
      ([name]) => !(RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
    ),
  );
  const { values, reasons: keyReasons } = context.keys.check(keys);
  return { ok: true, envelope, values, keyReasons, digest, tombstone, expiresAt };
}
