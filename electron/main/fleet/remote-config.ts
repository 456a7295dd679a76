/**
 * Signed remote configuration: the retained `P/fleet/config` (every kiosk) and
 * `P/kiosks/ID/config` (this kiosk). A payload counts only if its Ed25519 signature over
 * the canonical JSON of `config` verifies against fleet.configPublicKey (which only the
 * files may set), its target names this topic's audience, and its version is not older
 * than the one in force. Then each key is validated on its own, as the files' keys are:
 * a bad or locked key is refused and reported, the others are applied.
 *
 * Every refusal is logged once and kept (the last ten) for the kiosk's health. Accepted
 * payloads are kept on disk (remote-config-store.ts) and checked again at every start, so
 * a relaunch comes back with the same settings before the broker is even reached.
 */
import { createHash } from 'node:crypto';
import { canonicalJsonOrNull } from '../../../shared/fleet/canonical-json';
import {
  configEnvelopeSchema,
  MAX_CONFIG_BYTES,
  MAX_REPORTED_REFUSALS,
  REFUSAL_REASONS,
  type ConfigEnvelope,
} from '../../../shared/fleet/payloads';
import { ALL_KIOSKS } from '../../../shared/fleet/topics';
import type { KioskConfig } from '../config/config-keys';
import type { ConfigLayer } from '../config/config-layers';
import { validateConfigKeys } from '../config/config-validate';
import type { Logger } from '../logging/logging';
import { publicKeyFromRaw, verifyBytes } from './ed25519';

/** Which of the two config topics a payload came from. */
export type RemoteScope = 'fleet' | 'kiosk';

export interface ConfigRefusal {
  at: string;
  topic: string;
  reason: string;
}

/** What is remembered of one scope across restarts. */
export interface ScopeRecord {
  /** The payload in force, or null (none yet, or the retained message was cleared). */
  envelope: ConfigEnvelope | null;
  /** The highest version accepted on this topic: older ones are refused as stale. */
  version: number;
  /** Digest of that version's canonical config: the same version with other content is stale. */
  digest: string;
}

export type RemoteConfigRecord = Record<RemoteScope, ScopeRecord | null>;

export interface RemoteConfigStore {
  load(): RemoteConfigRecord;
  save(record: RemoteConfigRecord): void;
}

export interface RemoteConfigOptions {
  kioskId: string;
  /** Topic of each scope, for refusals and log lines. */
  topics: Record<RemoteScope, string>;
  /** fleet.configPublicKey in force ('' = none: everything is refused). */
  publicKey: () => string;
  /** Keys the machine-wide file locks: a remote value for them is refused. */
  locks: () => readonly string[];
  store: RemoteConfigStore;
  log: Logger;
  now?: () => number;
}

export type ReceiveResult = 'accepted' | 'unchanged' | 'refused' | 'cleared';

export interface RemoteConfig {
  /** A message on a config topic (an empty one clears that scope). */
  receive(scope: RemoteScope, bytes: Uint8Array): ReceiveResult;
  /** The remote layers in force: this kiosk's over the fleet's. */
  layers(): ConfigLayer[];
  /** The version in force: this kiosk's config if it has one, else the fleet's; null: none. */
  version(): number | null;
  /** The most recent refusals, oldest first. */
  refusals(): ConfigRefusal[];
  /** Checks the payloads in force again (after a reload: the key or locks may have changed). */
  reverify(): void;
  /** Whether what is in force is also on disk (false after a failed write). */
  isKept(): boolean;
}

type Evaluation =
  | { ok: true; envelope: ConfigEnvelope; values: Partial<KioskConfig>; digest: string }
  | { ok: false; reasons: string[] };

const refused = (...reasons: string[]): Evaluation => ({ ok: false, reasons });

const canonicalDigest = (canonical: string): string =>
  createHash('sha256').update(canonical).digest('base64url');

/** Null when the config has no canonical form (Infinity from 1e400, nesting too deep). */
function digestOf(config: unknown): string | null {
  const canonical = canonicalJsonOrNull(config);
  return canonical === null ? null : canonicalDigest(canonical);
}

export function createRemoteConfig(options: RemoteConfigOptions): RemoteConfig {
  const { kioskId, topics, store, log } = options;
  const now = options.now ?? Date.now;
  const record: RemoteConfigRecord = store.load();
  const layers: Record<RemoteScope, Partial<KioskConfig> | null> = { fleet: null, kiosk: null };
  const refusals: ConfigRefusal[] = [];
  // The last payload refused on each topic: a retained one comes again with every reconnect.
  const lastRefused: Record<RemoteScope, string | null> = { fleet: null, kiosk: null };

  const refuse = (scope: RemoteScope, reasons: readonly string[]): void => {
    for (const reason of reasons) {
      refusals.push({ at: new Date(now()).toISOString(), topic: topics[scope], reason });
      log.warn(`Fleet: refused the config on ${topics[scope]}: ${reason}`);
    }
    refusals.splice(0, Math.max(0, refusals.length - MAX_REPORTED_REFUSALS));
  };

  /** Signature, target and keys; not the version, which depends on what came before. */
  const evaluate = (scope: RemoteScope, value: unknown): Evaluation => {
    const parsed = configEnvelopeSchema.safeParse(value);
    if (!parsed.success) return refused(REFUSAL_REASONS.malformed);
    const envelope = parsed.data;
    const keyText = options.publicKey();
    if (keyText === '') return refused(REFUSAL_REASONS.noPublicKey);
    const key = publicKeyFromRaw(keyText);
    if (!key) return refused(REFUSAL_REASONS.noPublicKey);
    if (envelope.publicKey !== undefined && envelope.publicKey !== keyText) {
      return refused(REFUSAL_REASONS.wrongKey);
    }
    const canonical = canonicalJsonOrNull(envelope.config);
    if (canonical === null) return refused(REFUSAL_REASONS.malformed);
    const signed = new TextEncoder().encode(canonical);
    if (!verifyBytes(key, signed, envelope.signature)) {
      return refused(REFUSAL_REASONS.badSignature);
    }
    const expected = scope === 'fleet' ? ALL_KIOSKS : kioskId;
    if (envelope.config.target !== expected) return refused(REFUSAL_REASONS.wrongTarget);

    const { version: _version, target: _target, ...keys } = envelope.config;
    const { values, problems } = validateConfigKeys(keys, 'remote');
    const reasons = problems.map(({ key: name, locked }) =>
      locked ? REFUSAL_REASONS.locked(name) : REFUSAL_REASONS.invalidValue(name || 'config'),
    );
    const locks = options.locks();
    for (const name of Object.keys(values).filter((key) => locks.includes(key))) {
      reasons.push(REFUSAL_REASONS.locked(name));
    }
    // Built from values the validator accepted, less the ones the machine-wide file locks.
    const kept = Object.fromEntries(
      Object.entries(values).filter(([name]) => !locks.includes(name)),
    ) as Partial<KioskConfig>;
    if (reasons.length > 0) refuse(scope, reasons);
    return { ok: true, envelope, values: kept, digest: canonicalDigest(canonical) };
  };

  let onDisk = true;
  const save = (): void => {
    onDisk = false;
    try {
      store.save(record);
      onDisk = true;
    } catch (error) {
      log.warn(
        `Fleet: cannot keep the remote config on disk (${error instanceof Error ? error.message : String(error)}); it applies until the next start`,
      );
    }
  };

  /** Puts the stored payloads of both scopes back in force, checked afresh. */
  const restore = (): void => {
    for (const scope of ['kiosk', 'fleet'] as const) {
      layers[scope] = null;
      const envelope = record[scope]?.envelope;
      if (!envelope) continue;
      const result = evaluate(scope, envelope);
      if (result.ok) layers[scope] = result.values;
      else refuse(scope, result.reasons);
    }
  };

  restore();

  return {
    receive: (scope, bytes) => {
      if (bytes.length === 0) {
        // The operator cleared the retained payload: this topic sets nothing any more. The
        // version is remembered, so an older payload cannot be replayed afterwards.
        const current = record[scope];
        if (!current?.envelope) return 'unchanged';
        record[scope] = { ...current, envelope: null };
        layers[scope] = null;
        save();
        log.info(`Fleet: the config on ${topics[scope]} was cleared`);
        return 'cleared';
      }
      const fingerprint = createHash('sha256').update(bytes).digest('base64url');
      if (lastRefused[scope] === fingerprint) return 'refused';
      const refuseBytes = (reasons: string[]): ReceiveResult => {
        lastRefused[scope] = fingerprint;
        refuse(scope, reasons);
        return 'refused';
      };
      if (bytes.length > MAX_CONFIG_BYTES) return refuseBytes([REFUSAL_REASONS.malformed]);
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        return refuseBytes([REFUSAL_REASONS.malformed]);
      }
      // The version is checked before the keys, so a stale payload's keys are not reported.
      const parsed = configEnvelopeSchema.safeParse(value);
      const current = record[scope];
      if (parsed.success && current) {
        const { version } = parsed.data.config;
        const digest = digestOf(parsed.data.config);
        if (digest === null) return refuseBytes([REFUSAL_REASONS.malformed]);
        if (version === current.version && digest === current.digest && current.envelope) {
          return 'unchanged';
        }
        if (
          version < current.version ||
          (version === current.version && digest !== current.digest)
        ) {
          // Only a payload that is really signed is worth a "stale" line: check it first.
          const check = evaluate(scope, value);
          return refuseBytes(check.ok ? [REFUSAL_REASONS.staleVersion] : check.reasons);
        }
      }
      lastRefused[scope] = fingerprint;
      const result = evaluate(scope, value);
      if (!result.ok) {
        refuse(scope, result.reasons);
        return 'refused';
      }
      lastRefused[scope] = null;
      record[scope] = {
        envelope: result.envelope,
        version: result.envelope.config.version,
        digest: result.digest,
      };
      layers[scope] = result.values;
      save();
      const names = Object.keys(result.values);
      log.info(
        `Fleet: config version ${result.envelope.config.version} from ${topics[scope]} accepted (${names.length > 0 ? names.join(', ') : 'no keys'})`,
      );
      return 'accepted';
    },
    layers: () =>
      (['kiosk', 'fleet'] as const).flatMap((scope) => {
        const values = layers[scope];
        return values ? [{ name: 'remote' as const, where: topics[scope], values }] : [];
      }),
    version: () => {
      if (layers.kiosk && record.kiosk) return record.kiosk.version;
      if (layers.fleet && record.fleet) return record.fleet.version;
      return null;
    },
    refusals: () => refusals.map((entry) => ({ ...entry })),
    isKept: () => onDisk,
    reverify: () => {
      lastRefused.fleet = null;
      lastRefused.kiosk = null;
      restore();
    },
  };
}
