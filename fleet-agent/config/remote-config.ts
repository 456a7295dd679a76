/**
 * Signed remote configuration: the retained `P/fleet/config` (every kiosk) and
 * `P/kiosks/ID/config` (this kiosk). What one envelope must pass on its own is in
 * config-envelope-rules.ts (signature, prefix, target, notAfter, the owner's minimums, each
 * key); what depends on what came before is here:
 *
 * - Versions only go up. A topic takes a version strictly higher than every version it has
 *   taken (the same envelope again, as a reconnect redelivers it, changes nothing); the
 *   highest is kept on disk, so a withdrawn or expired config is never taken again.
 * - A signed tombstone withdraws the topic's config; an empty message withdraws nothing (it
 *   carries no signature) and is reported.
 * - A config stops applying at its notAfter: expire() drops it, and every start checks the
 *   kept ones again.
 *
 * Every refusal is logged once and kept (the last ten) for the kiosk's health. Accepted
 * payloads are kept on disk (remote-config-store.ts) and checked again at every start, so
 * a relaunch comes back with the same settings before the broker is even reached.
 */
import { createHash } from 'node:crypto';
import {
  MAX_CONFIG_BYTES,
  MAX_REPORTED_REFUSALS,
  REFUSAL_REASONS,
  type ConfigEnvelope,
} from '../../shared/fleet/payloads';
import type { FleetLog } from '../fleet-log';
import { NO_GROUPS, type KioskGroups } from '../../shared/fleet/groups';
import { groupConfigTopic } from '../../shared/fleet/topics';
import {
  remoteLayersNearestFirst,
  SCOPES_NEAREST_FIRST,
  versionInForce,
  type RemoteLayer,
} from './config-targets';
import {
  checkEnvelope,
  readEnvelope,
  type EnvelopeContext,
  type RemoteKeyRules,
  type RemoteScope,
} from './config-envelope-rules';

export type { RemoteScope } from './config-envelope-rules';

export interface ConfigRefusal {
  at: string;
  topic: string;
  reason: string;
}

/** What is remembered of one scope across restarts. */
export interface ScopeRecord {
  /** The payload last taken (a config or a tombstone), or null (it expired). */
  envelope: ConfigEnvelope | null;
  /** The highest version taken on this topic: only a higher one is taken next. */
  version: number;
  /** Digest of that version's canonical config: its redelivery is recognised as the same. */
  digest: string;
  /**
   * The topic it was taken on. A store's or region's versions belong to that group: a kiosk
   * moved to another store starts the new store's versions afresh, and the old store's
   * payload no longer applies. Absent in older records: read as the current topic's.
   */
  topic?: string;
}

export type RemoteConfigRecord = Record<RemoteScope, ScopeRecord | null>;

export interface RemoteConfigStore {
  /** What was kept; a scope it does not name has nothing kept. */
  load(): Partial<RemoteConfigRecord>;
  save(record: RemoteConfigRecord): void;
}

export interface RemoteConfigOptions<Values> {
  kioskId: string;
  /** fleet.topicPrefix: a config signed for another prefix is refused. */
  prefix: string;
  /** Topic of the fleet's and this kiosk's scope, for refusals and log lines. */
  topics: Record<'fleet' | 'kiosk', string>;
  /**
   * The store and region this kiosk belongs to, read at every check: a config on a group's
   * topic applies only while the kiosk is in that group. Absent: none (only the fleet's and
   * the kiosk's own configs can apply).
   */
  groups?: () => KioskGroups;
  /** fleet.configPublicKey in force ('' = none: everything is refused). */
  publicKey: () => string;
  /** How the keys of a config are read (the kiosk's table, its locks and floors), read live. */
  keys: RemoteKeyRules<Values>;
  /** fleet.minConfigVersion in force (0 or absent: none). */
  minVersion?: () => number;
  store: RemoteConfigStore;
  log: FleetLog;
  now?: () => number;
}

/** `cleared`: a signed tombstone withdrew the topic's config. */
export type ReceiveResult = 'accepted' | 'unchanged' | 'refused' | 'cleared';

export interface RemoteConfig<Values> {
  /** A message on a config topic. */
  receive(scope: RemoteScope, bytes: Uint8Array): ReceiveResult;
  /** The remote layers in force, nearest first: kiosk, store, region, fleet. */
  layers(): RemoteLayer<Partial<Values>>[];
  /** The version in force: the nearest scope's config that applies; null: none. */
  version(): number | null;
  /** The most recent refusals, oldest first. */
  refusals(): ConfigRefusal[];
  /** Checks the payloads in force again (after a reload: the key or locks may have changed). */
  reverify(): void;
  /** Whether what is in force is also on disk (false after a failed write). */
  isKept(): boolean;
  /** The earliest notAfter of the configs in force (ms since the epoch), or null. */
  nextExpiry(): number | null;
  /** Drops the configs whose notAfter has passed; whether anything stopped applying. */
  expire(): boolean;
}

const SCOPES = SCOPES_NEAREST_FIRST;

/** One value per scope. */
function perScope<T>(value: T): Record<RemoteScope, T> {
  return { kiosk: value, store: value, region: value, fleet: value };
}

/** The payload's JSON, or why it is refused before any envelope rule is asked. */
function readPayload(bytes: Uint8Array): { value: unknown } | { reasons: string[] } {
  // An empty retained message only deletes the broker's copy; it is signed by nobody, so
  // it withdraws nothing here.
  if (bytes.length === 0) return { reasons: [REFUSAL_REASONS.emptyMessage] };
  if (bytes.length > MAX_CONFIG_BYTES) return { reasons: [REFUSAL_REASONS.malformed] };
  try {
    return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { reasons: [REFUSAL_REASONS.malformed] };
  }
}

/** The most recent refusals (the last MAX_REPORTED_REFUSALS), each logged as it comes. */
function createRefusalLog(now: () => number, log: FleetLog) {
  const refusals: ConfigRefusal[] = [];
  return {
    add: (topic: string, reasons: readonly string[]): void => {
      for (const reason of reasons) {
        refusals.push({ at: new Date(now()).toISOString(), topic, reason });
        log.warn(`Fleet: refused the config on ${topic}: ${reason}`);
      }
      refusals.splice(0, Math.max(0, refusals.length - MAX_REPORTED_REFUSALS));
    },
    list: (): ConfigRefusal[] => refusals.map((entry) => ({ ...entry })),
  };
}

/**
 * What each scope has: the record kept across restarts (its version, digest and payload),
 * and the values and notAfter in force now.
 */
function createScopeBook<Values>(store: RemoteConfigStore, log: FleetLog) {
  // An older record has no group scopes: they start empty.
  const record: RemoteConfigRecord = { ...perScope(null), ...store.load() };
  const layers = perScope<Partial<Values> | null>(null);
  /** notAfter of each scope's config in force. */
  const expiry = perScope<number | null>(null);
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
  return {
    record,
    layers,
    expiry,
    save,
    isKept: () => onDisk,
    /** Puts a scope's values in force until `expiresAt`, or nothing (null). */
    put: (scope: RemoteScope, values: Partial<Values> | null, expiresAt: number | null): void => {
      layers[scope] = values;
      expiry[scope] = expiresAt;
    },
    /** Takes a scope's payload out of force, keeping its version. */
    drop: (scope: RemoteScope): void => {
      layers[scope] = null;
      expiry[scope] = null;
      const current = record[scope];
      if (current?.envelope) {
        record[scope] = { ...current, envelope: null };
        save();
      }
    },
    /** The version in force: the nearest scope's config that applies; null: none. */
    version: (): number | null =>
      versionInForce(
        {
          kiosk: layers.kiosk !== null,
          store: layers.store !== null,
          region: layers.region !== null,
          fleet: layers.fleet !== null,
        },
        {
          kiosk: record.kiosk?.version ?? null,
          store: record.store?.version ?? null,
          region: record.region?.version ?? null,
          fleet: record.fleet?.version ?? null,
        },
      ),
    nextExpiry: (): number | null => {
      const times = SCOPES.flatMap((scope) => {
        const at = expiry[scope];
        return at === null ? [] : [at];
      });
      return times.length > 0 ? Math.min(...times) : null;
    },
  };
}

/** What receiving one payload works with: the scope book and the remote config's helpers. */
interface Receiving<Values> {
  book: ReturnType<typeof createScopeBook<Values>>;
  /** The last payload refused on each topic, by fingerprint. */
  lastRefused: Record<RemoteScope, string | null>;
  refuse: (scope: RemoteScope, reasons: readonly string[]) => void;
  context: (scope: RemoteScope) => EnvelopeContext<Values>;
  topicOf: (scope: RemoteScope) => string;
  keptFor: (scope: RemoteScope) => ScopeRecord | null;
  log: FleetLog;
}

/** A message on a scope's config topic: taken, refused, the same again, or a withdrawal. */
function receiveConfig<Values>(
  receiving: Receiving<Values>,
  scope: RemoteScope,
  bytes: Uint8Array,
): ReceiveResult {
  const { book, lastRefused, refuse, context, topicOf, keptFor, log } = receiving;
  const fingerprint = createHash('sha256').update(bytes).digest('base64url');
  if (lastRefused[scope] === fingerprint) return 'refused';
  const refuseBytes = (reasons: readonly string[]): ReceiveResult => {
    lastRefused[scope] = fingerprint;
    refuse(scope, reasons);
    return 'refused';
  };
  const payload = readPayload(bytes);
  if ('reasons' in payload) return refuseBytes(payload.reasons);
  const { value } = payload;
  const claimed = readEnvelope(value);
  const current = keptFor(scope);
  if (claimed && current) {
    const { version } = claimed.envelope.config;
    if (version === current.version && claimed.digest === current.digest && current.envelope) {
      return 'unchanged';
    }
    if (version <= current.version) {
      // Only a payload that passes every other rule is worth a "stale" line: check it first.
      const check = checkEnvelope(value, context(scope));
      return refuseBytes(check.ok ? [REFUSAL_REASONS.staleVersion] : check.reasons);
    }
  }
  const result = checkEnvelope(value, context(scope));
  if (!result.ok) return refuseBytes(result.reasons);
  lastRefused[scope] = null;
  if (result.keyReasons.length > 0) refuse(scope, result.keyReasons);
  const { version } = result.envelope.config;
  book.record[scope] = {
    envelope: result.envelope,
    version,
    digest: result.digest,
    topic: topicOf(scope),
  };
  book.put(
    scope,
    result.tombstone ? null : result.values,
    result.tombstone ? null : result.expiresAt,
  );
  book.save();
  if (result.tombstone) {
    log.info(`Fleet: config version ${version} on ${topicOf(scope)} withdraws its config`);
    return 'cleared';
  }
  const names = Object.keys(result.values);
  log.info(
    `Fleet: config version ${version} from ${topicOf(scope)} accepted (${names.length > 0 ? names.join(', ') : 'no keys'})`,
  );
  return 'accepted';
}

export function createRemoteConfig<Values>(
  options: RemoteConfigOptions<Values>,
): RemoteConfig<Values> {
  const { kioskId, log } = options;
  const now = options.now ?? Date.now;
  const groups = options.groups ?? (() => NO_GROUPS);
  const book = createScopeBook<Values>(options.store, log);
  const { record } = book;
  const refusals = createRefusalLog(now, log);
  // The last payload refused on each topic: a retained one comes again with every reconnect.
  const lastRefused = perScope<string | null>(null);
  /** The topic a scope's config comes on, for refusals and log lines. */
  const topicOf = (scope: RemoteScope): string => {
    if (scope === 'fleet' || scope === 'kiosk') return options.topics[scope];
    const id = groups()[scope];
    return id === null
      ? `${options.prefix}/fleet/${scope === 'store' ? 'stores' : 'regions'}/(none)/config`
      : groupConfigTopic(options.prefix, scope, id);
  };

  /** What is kept for a scope's current topic: a group the kiosk has left keeps nothing. */
  const keptFor = (scope: RemoteScope): ScopeRecord | null => {
    const kept = record[scope];
    if (!kept) return null;
    return kept.topic === undefined || kept.topic === topicOf(scope) ? kept : null;
  };

  const refuse = (scope: RemoteScope, reasons: readonly string[]): void => {
    refusals.add(topicOf(scope), reasons);
  };

  const context = (scope: RemoteScope): EnvelopeContext<Values> => ({
    scope,
    kioskId,
    groups: groups(),
    prefix: options.prefix,
    publicKey: options.publicKey(),
    minVersion: options.minVersion?.() ?? 0,
    keys: options.keys,
    now: now(),
  });

  /** Puts the stored payloads of every scope back in force, checked afresh. */
  const restore = (): void => {
    for (const scope of SCOPES) {
      book.put(scope, null, null);
      const envelope = keptFor(scope)?.envelope;
      if (!envelope) continue;
      const result = checkEnvelope(envelope, context(scope));
      if (!result.ok) {
        refuse(scope, result.reasons);
        // An expired payload never applies again: forget it, keep its version.
        if (result.reasons.includes(REFUSAL_REASONS.expired)) book.drop(scope);
        continue;
      }
      if (result.keyReasons.length > 0) refuse(scope, result.keyReasons);
      if (result.tombstone) continue;
      book.put(scope, result.values, result.expiresAt);
    }
  };

  restore();

  const receive = (scope: RemoteScope, bytes: Uint8Array): ReceiveResult =>
    receiveConfig({ book, lastRefused, refuse, context, topicOf, keptFor, log }, scope, bytes);

  return {
    receive,
    layers: () => remoteLayersNearestFirst(book.layers, topicOf),
    version: () => book.version(),
    refusals: () => refusals.list(),
    isKept: () => book.isKept(),
    reverify: () => {
      for (const scope of SCOPES) lastRefused[scope] = null;
      restore();
    },
    nextExpiry: () => book.nextExpiry(),
    expire: () => {
      let changed = false;
      for (const scope of SCOPES) {
        const at = book.expiry[scope];
        if (at === null || at > now()) continue;
        refuse(scope, [REFUSAL_REASONS.expired]);
        book.drop(scope);
        changed = true;
      }
      return changed;
    },
  };
}
