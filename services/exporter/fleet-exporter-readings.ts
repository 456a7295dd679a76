/**
 * What `npm run fleet:exporter` takes from a fleet message, and the table of kiosks it keeps.
 * Network input: each message's size is checked against its topic's limit before a byte is
 * decoded (shared/fleet/message-limits.ts), then read leniently, field by field, so a newer
 * kiosk's extra fields (a store, a region, an `asleep` state) or an older kiosk's missing ones
 * never hide the rest. Nothing here throws on what a broker delivers.
 *
 * The table is the exporter's only state, and it holds only what the broker's retained
 * status and health say: a restarted exporter rebuilds it as it subscribes. What they say of
 * a kiosk's store and region is its own claim, kept apart: the labels are the certificate's
 * (exporter-trust.ts). The table keeps at most MAX_FLEET_KIOSKS kiosks, enrolled ones first
 * (shared/fleet/kiosk-bound.ts), and counts the messages it dropped past that.
 */
import type { KioskGroups } from '../../shared/fleet/groups';
import { createKioskBound } from '../../shared/fleet/kiosk-bound';
import { MESSAGE_LIMITS } from '../../shared/fleet/message-limits';
import { parseHealthLenient } from '../../shared/fleet/payloads';
import { parseKioskTopic } from '../../shared/fleet/topics';

export type KioskState = 'online' | 'offline' | 'asleep';
const STATES: readonly string[] = ['online', 'offline', 'asleep'];

/** A label value: printable, bounded; anything else is left out. */
const LABEL = /^[^\p{Cc}]{1,64}$/u;

export interface StatusReading {
  state: KioskState;
  version: string | null;
  store: string | null;
  region: string | null;
  /** The kiosk's own report of a lost link: offline from `lostAt` to `reportedAt`, ms. */
  lostLink: LostLink | null;
}

export interface LostLink {
  lostAt: number;
  reportedAt: number;
}

export interface HealthReading {
  at: number | null;
  version: string | null;
  /** The kiosk says it sleeps (outside opening hours); a screen of `asleep`. */
  asleep: boolean;
  printerAvailable: boolean | null;
  catalogueAgeMinutes: number | null;
  mainMB: number | null;
  rendererMB: number | null;
  updateFailed: boolean;
  store: string | null;
  region: string | null;
}

export type FleetReading =
  | { kind: 'status'; kioskId: string; status: StatusReading | null }
  | { kind: 'health'; kioskId: string; health: HealthReading | null }
  /** An empty retained status: the operator retired the kiosk. */
  | { kind: 'retired'; kioskId: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

function json(payload: Uint8Array): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(decoder.decode(payload));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const label = (value: unknown): string | null =>
  typeof value === 'string' && LABEL.test(value) ? value : null;

const timeOf = (value: unknown): number | null => {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

export function readStatus(record: Record<string, unknown>): StatusReading | null {
  const { state } = record;
  if (typeof state !== 'string' || !STATES.includes(state)) return null;
  const lostAt = state === 'offline' ? timeOf(record.lostAt) : null;
  const reportedAt = state === 'offline' ? timeOf(record.reportedAt) : null;
  return {
    state: state as KioskState,
    version: label(record.version),
    store: label(record.store),
    region: label(record.region),
    lostLink: lostAt !== null && reportedAt !== null ? { lostAt, reportedAt } : null,
  };
}

export function readHealth(record: Record<string, unknown>): HealthReading {
  const health = parseHealthLenient(record);
  const at = health.at === undefined ? NaN : Date.parse(health.at);
  return {
    at: Number.isFinite(at) ? at : null,
    version: health.version === undefined ? null : label(health.version),
    // The schema of this version knows no `asleep` screen: read it from the raw field.
    asleep: record.screen === 'asleep',
    printerAvailable: health.printer?.available ?? null,
    catalogueAgeMinutes: health.catalogue?.ageMinutes ?? null,
    mainMB: health.memory?.mainMB ?? null,
    rendererMB: health.memory?.rendererMB ?? null,
    updateFailed: health.update?.state === 'error',
    store: label(record.store),
    region: label(record.region),
  };
}

/** A message on a fleet topic read for the exporter, or null for any other topic. */
export function readFleetMessage(
  prefix: string,
  topic: string,
  payload: Uint8Array,
): FleetReading | null {
  const parsed = parseKioskTopic(prefix, topic);
  if (parsed === null || (parsed.kind !== 'status' && parsed.kind !== 'health')) return null;
  const { kioskId, kind } = parsed;
  if (payload.byteLength === 0) return kind === 'status' ? { kind: 'retired', kioskId } : null;
  const record = payload.byteLength > MESSAGE_LIMITS[kind] ? null : json(payload);
  if (kind === 'status') return { kind, kioskId, status: record ? readStatus(record) : null };
  return { kind, kioskId, health: record ? readHealth(record) : null };
}

// ---------------------------------------------------------------- the table

export interface KioskFacts {
  kioskId: string;
  state: KioskState | null;
  version: string | null;
  /** The store and region its status or health last named: its own word, never a label. */
  claimed: KioskGroups;
  health: HealthReading | null;
  /** When the exporter last heard from it (its health's time, else when it arrived), ms. */
  lastSeen: number | null;
  /**
   * The last lost link the kiosk reported, heard since the exporter started (the online
   * status after the report replaces it on the broker): a crashed broker node publishes no
   * Last Will, so this is the record of that absence.
   */
  lostLink: LostLink | null;
}

export interface FleetTable {
  take(reading: FleetReading, receivedAt: number): void;
  kiosks(): KioskFacts[];
  /** A kiosk's enrolment changed (a certificate verified, or was revoked). */
  setEnrolled(kioskId: string, enrolled: boolean): void;
  /** Messages that were too large or malformed. */
  readonly ignored: number;
  /** Messages about kiosks not kept: the bound was reached. */
  readonly overLimit: number;
  /** The most kiosks kept. */
  readonly limit: number;
}

export interface FleetTableOptions {
  /** Whether a kiosk has a certificate in force (the exporter's trust says). */
  enrolled?: (kioskId: string) => boolean;
  maxKiosks?: number;
}

export function createFleetTable(options: FleetTableOptions = {}): FleetTable {
  const kiosks = new Map<string, KioskFacts>();
  const bound = createKioskBound(options.enrolled ?? (() => false), options.maxKiosks);
  let ignored = 0;
  let overLimit = 0;
  const entry = (kioskId: string): KioskFacts | null => {
    const known = kiosks.get(kioskId);
    if (known) return known;
    const admission = bound.admit(kioskId);
    if (!admission.keep) {
      overLimit += 1;
      return null;
    }
    if (admission.evict !== null) kiosks.delete(admission.evict);
    const made: KioskFacts = {
      kioskId,
      state: null,
      version: null,
      claimed: { store: null, region: null },
      health: null,
      lastSeen: null,
      lostLink: null,
    };
    kiosks.set(kioskId, made);
    return made;
  };
  return {
    take: (reading, receivedAt) => {
      if (reading.kind === 'retired') {
        kiosks.delete(reading.kioskId);
        bound.forget(reading.kioskId);
        return;
      }
      if (reading.kind === 'status' && reading.status === null) {
        ignored += 1;
        return;
      }
      if (reading.kind === 'health' && reading.health === null) {
        ignored += 1;
        return;
      }
      const facts = entry(reading.kioskId);
      if (!facts) return;
      if (reading.kind === 'status' && reading.status) {
        const { state, version, store, region, lostLink } = reading.status;
        facts.state = state;
        facts.lostLink = lostLink ?? facts.lostLink;
        facts.version = version ?? facts.version;
        // An older kiosk's Last Will carries no store or region: the last ones said stay.
        facts.claimed = {
          store: store ?? facts.claimed.store,
          region: region ?? facts.claimed.region,
        };
        if (state !== 'offline') facts.lastSeen = Math.max(facts.lastSeen ?? 0, receivedAt);
      } else if (reading.kind === 'health' && reading.health) {
        facts.health = reading.health;
        facts.version ??= reading.health.version;
        facts.claimed = {
          store: reading.health.store ?? facts.claimed.store,
          region: reading.health.region ?? facts.claimed.region,
        };
        facts.lastSeen = Math.max(facts.lastSeen ?? 0, reading.health.at ?? receivedAt);
      }
    },
    kiosks: () => [...kiosks.values()].map((facts) => ({ ...facts })),
    setEnrolled: (kioskId, enrolled) => bound.setEnrolled(kioskId, enrolled),
    get ignored() {
      return ignored;
    },
    get overLimit() {
      return overLimit;
    },
    limit: bound.max,
  };
}
