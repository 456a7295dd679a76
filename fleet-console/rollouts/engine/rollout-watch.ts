/**
 * What a console keeps to drive and show rollouts: every kiosk's status and health (as gate
 * observations and as group facts), the config retained on every kiosk's own topic (what a
 * rollout must give back), and every rollout's state. Nothing is published here. The
 * console's page feeds it the views its broker worker read; `receive` takes raw messages
 * (the tests, a script) and reads them with the same rules.
 */
import { readJsonBytes } from '@shared/fleet/trust/operator-signature';
import {
  configEnvelopeSchema,
  MAX_CONFIG_BYTES,
  RESERVED_CONFIG_FIELDS,
  type ConfigEnvelope,
} from '@shared/fleet/payloads';
import type { FleetKiosk } from './rollout-controller';
import {
  foldHealth,
  foldStatus,
  healthFacts,
  statusFacts,
  unseenKiosk,
  type HealthFacts,
  type ObservedKiosk,
  type StatusFacts,
} from './rollout-observations';
import { kioskFacts, type KioskFacts } from './rollout-selector';
import { readRolloutState, type PreviousConfig, type RolloutState } from './rollout-state';
import { parseKioskTopic, parseRolloutTopic } from '@shared/fleet/topics';

export interface RolloutWatch {
  /** Folds one raw message; whether it was one the watch keeps. */
  receive(topic: string, payload: Uint8Array, at: number): boolean;
  /** A kiosk's status; `groups` is the status as received, for its store and region. */
  status(kioskId: string, status: StatusFacts, groups: unknown, at: number): void;
  health(kioskId: string, health: HealthFacts): void;
  /** The envelope retained on a kiosk's own config topic (null: empty or unreadable). */
  config(kioskId: string, envelope: ConfigEnvelope | null): void;
  /** A rollout's state (null: unreadable; undefined: emptied from the broker). */
  rollout(rolloutId: string, state: RolloutState | null | undefined): void;
  kiosks(): ReadonlyMap<string, ObservedKiosk>;
  fleet(): FleetKiosk[];
  previous(kioskId: string): PreviousConfig;
  /** Each rollout's latest readable state; null when its last message was unreadable. */
  rollouts(): ReadonlyMap<string, RolloutState | null>;
}

/** Status and health are small; nothing larger is read (the broker worker's limits). */
const MAX_STATUS_BYTES = 4096;
const MAX_HEALTH_BYTES = 65_536;

/** What a kiosk has on its own config topic, from the envelope retained there. */
export function previousFrom(envelope: ConfigEnvelope): PreviousConfig {
  const { config } = envelope;
  if (config.tombstone === true) return { version: config.version, keys: null, notAfter: null };
  const keys = Object.fromEntries(
    Object.entries(config).filter(
      ([name]) => !(RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
    ),
  );
  return { version: config.version, keys, notAfter: config.notAfter };
}

export function createRolloutWatch(prefix: string): RolloutWatch {
  const observed = new Map<string, ObservedKiosk>();
  const facts = new Map<string, KioskFacts>();
  const configs = new Map<string, PreviousConfig>();
  const rollouts = new Map<string, RolloutState | null>();

  const watch: RolloutWatch = {
    receive: (topic, payload, at) => {
      const rolloutId = parseRolloutTopic(prefix, topic);
      if (rolloutId !== null) {
        watch.rollout(rolloutId, payload.byteLength === 0 ? undefined : readRolloutState(payload));
        return true;
      }
      const parsed = parseKioskTopic(prefix, topic);
      if (!parsed) return false;
      const { kioskId, kind } = parsed;
      if (kind === 'status') {
        const value = readJsonBytes(payload, MAX_STATUS_BYTES);
        const status = statusFacts(value);
        if (status) watch.status(kioskId, status, value, at);
        return true;
      }
      if (kind === 'health') {
        watch.health(kioskId, healthFacts(readJsonBytes(payload, MAX_HEALTH_BYTES)));
        return true;
      }
      if (kind === 'config') {
        const envelope = configEnvelopeSchema.safeParse(readJsonBytes(payload, MAX_CONFIG_BYTES));
        watch.config(kioskId, envelope.success ? envelope.data : null);
        return true;
      }
      return false;
    },
    status: (kioskId, status, groups, at) => {
      observed.set(kioskId, foldStatus(observed.get(kioskId) ?? unseenKiosk(), status, at));
      facts.set(kioskId, kioskFacts(kioskId, groups));
    },
    health: (kioskId, health) => {
      observed.set(kioskId, foldHealth(observed.get(kioskId) ?? unseenKiosk(), health));
    },
    config: (kioskId, envelope) => {
      // An empty or unreadable config keeps the version known before: a rollback must go above it.
      if (envelope) configs.set(kioskId, previousFrom(envelope));
    },
    rollout: (rolloutId, state) => {
      if (state === undefined) rollouts.delete(rolloutId);
      else rollouts.set(rolloutId, state && state.plan.id === rolloutId ? state : null);
    },
    kiosks: () => observed,
    fleet: () =>
      [...observed.entries()].map(([kioskId, entry]) => ({
        ...(facts.get(kioskId) ?? { kioskId }),
        online: entry.online,
      })),
    previous: (kioskId) => configs.get(kioskId) ?? { version: 0, keys: null, notAfter: null },
    rollouts: () => rollouts,
  };
  return watch;
}
