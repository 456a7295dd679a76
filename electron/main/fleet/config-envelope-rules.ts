/**
 * The rules one signed config envelope must pass, whatever came before it: a pure function
 * of the envelope and what the kiosk knows (its key, prefix and id, the owner's minimums
 * and locks, the time). Which version came before is remote-config.ts's business.
 *
 * In order: the shape (`malformed`), a key to check with (`no public key`), the signer's
 * hint (`wrong key`), the signature over the canonical JSON of `config` (`bad signature`),
 * then what the signature binds: the fleet's topic prefix (`wrong prefix`), the topic's
 * audience (`wrong target`), the validity (`expired`) and the owner's floor (`below the
 * minimum config version`). Only then are the keys read, each on its own: a bad or locked
 * key is a refusal of that key, and the rest apply. A tombstone sets no keys.
 */
import { createHash } from 'node:crypto';
import { canonicalJsonOrNull } from '../../../shared/fleet/canonical-json';
import {
  configEnvelopeSchema,
  REFUSAL_REASONS,
  RESERVED_CONFIG_FIELDS,
  type ConfigEnvelope,
} from '../../../shared/fleet/payloads';
import { groupTarget, type KioskGroups } from '../../../shared/fleet/groups';
import { ALL_KIOSKS } from '../../../shared/fleet/topics';
import type { KioskConfig } from '../config/config-keys';
import { validateConfigKeys } from '../config/config-validate';
import { isBelowMinimum } from '../updates/version-order';
import { publicKeyFromRaw, verifyBytes } from './ed25519';

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

export interface EnvelopeContext {
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
  /** update.minVersion ('' = none): no remote pin may go under it. */
  minAppVersion: string;
  /** Keys the machine-wide file locks. */
  locks: readonly string[];
  /** Milliseconds since the epoch. */
  now: number;
}

export type EnvelopeCheck =
  | {
      ok: true;
      envelope: ConfigEnvelope;
      /** The keys that apply: none for a tombstone. */
      values: Partial<KioskConfig>;
      /** Refusals of single keys; the envelope still applies without them. */
      keyReasons: string[];
      digest: string;
      tombstone: boolean;
      /** notAfter, in milliseconds since the epoch. */
      expiresAt: number;
    }
  | { ok: false; reasons: string[] };

const refused = (reason: string): EnvelopeCheck => ({ ok: false, reasons: [reason] });

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

export function checkEnvelope(value: unknown, context: EnvelopeContext): EnvelopeCheck {
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
  const { values, problems } = validateConfigKeys(keys, 'remote');
  const keyReasons = problems.map(({ key: name, locked }) =>
    locked ? REFUSAL_REASONS.locked(name) : REFUSAL_REASONS.invalidValue(name || 'config'),
  );
  const refusedKeys = new Set<string>();
  for (const name of Object.keys(values)) {
    if (context.locks.includes(name)) {
      keyReasons.push(REFUSAL_REASONS.locked(name));
      refusedKeys.add(name);
    }
  }
  const pin = values['update.pinVersion'];
  if (
    pin !== undefined &&
    pin !== '' &&
    !refusedKeys.has('update.pinVersion') &&
    isBelowMinimum(pin, context.minAppVersion)
  ) {
    keyReasons.push(REFUSAL_REASONS.belowMinimumAppVersion('update.pinVersion'));
    refusedKeys.add('update.pinVersion');
  }
  // Built from values the validator accepted, less the ones refused above.
  const kept = Object.fromEntries(
    Object.entries(values).filter(([name]) => !refusedKeys.has(name)),
  ) as Partial<KioskConfig>;
  return { ok: true, envelope, values: kept, keyReasons, digest, tombstone, expiresAt };
}
